/**
 * `pattern` attributes of the edit forms. Browsers compile `pattern` with the
 * `v` flag, where a `-` inside a class must be escaped: the old
 * `[-a-z0-9.]` was an invalid expression (a console error on every render and
 * no validation at all).
 */

/** A Kubernetes node name: a DNS subdomain (RFC 1123), lower case. */
export const NODE_NAME_PATTERN = '[a-z0-9]([a-z0-9.\\-]*[a-z0-9])?';
