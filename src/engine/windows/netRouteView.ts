/**
 * A Windows node's routes as `Get-NetRoute -AddressFamily IPv4` prints them by
 * default: a table of ifIndex, DestinationPrefix, NextHop, RouteMetric,
 * ifMetric, PolicyStore (Microsoft Learn, NetTCPIP Get-NetRoute: "The default
 * output omits some properties"; MSFT_NetRoute). Trace steps quote the same
 * row's id (netRouteId), so the row a step used is the one marked in the view.
 *
 * Assumptions, said in the view's comment: ifIndex is derived from the
 * interface alias (Windows numbers interfaces as they appear); ifMetric 15 is
 * the automatic metric of a 10 Gbit/s link (a Hyper-V vEthernet adapter);
 * RouteMetric 256 is the default of a route added without a metric; the host
 * routes Windows adds itself (/32 of each address, broadcast, multicast,
 * loopback) are not modelled; the column widths are those of PowerShell's
 * table for this cmdlet.
 */
import { sha1Bytes } from '../model/macs';
import type { WindowsHostRoute, WindowsNodeState } from './state';
import { netRouteId } from '../model/ruleIds';
import type { ViewText } from '../model/viewLines';

const ROUTE_METRIC = 256;
const IF_METRIC = 15;

/** A stable interface index for an alias (2…41), as an assumption. */
export function ifIndexOf(alias: string): number {
  return 2 + (sha1Bytes(`ifindex:${alias}`)[0]! % 40);
}

/** One row of the table. */
function formatNetRoute(r: WindowsHostRoute): string {
  return `${String(ifIndexOf(r.ifAlias)).padEnd(7)} ${r.dst.text.padEnd(46)} ${r.nextHop.padEnd(40)} ${String(ROUTE_METRIC).padStart(11)} ${String(IF_METRIC).padEnd(8)} ActiveStore`;
}

/** The table; each row carries the id trace steps name (netRouteId). */
export function netRouteListing(st: WindowsNodeState): ViewText {
  const aliases = [...new Set(st.hostRoutes.map((r) => r.ifAlias))].map((a) => `ifIndex ${ifIndexOf(a)} = ${a}`).join(', ');
  const lines = [
    `# ${aliases || 'no routes'}; ifIndex derived, ifMetric and RouteMetric the defaults, Windows' own host routes not shown (assumptions)`,
    'ifIndex DestinationPrefix                              NextHop                                  RouteMetric ifMetric PolicyStore',
    '------- -----------------                              -------                                  ----------- -------- -----------',
    ...st.hostRoutes.map(formatNetRoute),
  ];
  return { text: lines.join('\n'), lineIds: [undefined, undefined, undefined, ...st.hostRoutes.map((r) => netRouteId(r.dst.text, r.ifAlias))] };
}
