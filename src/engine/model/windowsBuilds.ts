/**
 * A Windows node's OS build as it reports it, and the releases the build
 * table (windows/osBuild.ts) tells apart: shared by the engine, which picks
 * the table's rows by it, and the what-if edit of a node's build.
 */

/** A build and its cumulative-update revision (`10.0.17763.1432` → 17763, 1432). */
export interface WinBuild {
  build?: number;
  revision?: number;
  /** As the node reports it, for the trace: `10.0.26100.4061 (Windows Server 2025 Datacenter)`. */
  label: string;
}

/** `10.0.26100.4061` → build 26100, revision 4061; the label falls back to `node.kubernetes.io/windows-build`. */
export function parseWindowsBuild(kernelVersion: string | undefined, labels: Record<string, string>, osImage?: string): WinBuild {
  const text = kernelVersion ?? labels['node.kubernetes.io/windows-build'];
  const m = text ? /^\d+\.\d+\.(\d+)(?:\.(\d+))?/.exec(text) : null;
  const label = text ? `${text}${osImage ? ` (${osImage})` : ''}` : osImage ?? 'build not reported';
  if (!m) return { label };
  return { build: Number(m[1]), ...(m[2] !== undefined ? { revision: Number(m[2]) } : {}), label };
}

/**
 * The releases the table tells apart, as a node of each reports itself: what
 * the what-if edit writes into `status.nodeInfo` (and the
 * `node.kubernetes.io/windows-build` label). The revisions are cumulative
 * updates past 17763.1432 and 20348.261 (assumption: any current update of the
 * release), so each release shows its table rows, not an early update's issues.
 */
export const KNOWN_WINDOWS_BUILDS = [
  { release: 'Windows Server 2019', osImage: 'Windows Server 2019 Datacenter', kernelVersion: '10.0.17763.6893' },
  { release: 'Windows Server 2022', osImage: 'Windows Server 2022 Datacenter', kernelVersion: '10.0.20348.3207' },
  { release: 'Windows Server 2025', osImage: 'Windows Server 2025 Datacenter', kernelVersion: '10.0.26100.4061' },
] as const;

export type WindowsRelease = (typeof KNOWN_WINDOWS_BUILDS)[number]['release'];

/** The known release a node's build belongs to (by build number), if any. */
export function releaseOf(b: WinBuild): WindowsRelease | undefined {
  return KNOWN_WINDOWS_BUILDS.find((k) => parseWindowsBuild(k.kernelVersion, {}).build === b.build)?.release;
}
