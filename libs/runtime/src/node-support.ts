/** The Node lines this service is tested on and supports (package.json `engines`, README). */
export const SUPPORTED_NODE_MAJORS = [22, 24] as const;

/**
 * One line for a Node older than the oldest supported LTS, or undefined. Node 20 reached its end
 * of life on 2026-04-30: the service still starts on it (these machines run it), but says so once.
 */
export function unsupportedNodeNotice(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= SUPPORTED_NODE_MAJORS[0]) return undefined;
  return `Node ${version} is past its end of life and not supported: use Node 22 or 24 LTS.`;
}
