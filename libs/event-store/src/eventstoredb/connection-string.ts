/**
 * `esdb://` (EventStoreDB's), `kurrentdb://` and the short `kdb://`, `kurrent://` name the same
 * settings. The client warns that `esdb` is deprecated, so every one is given to it as `kurrentdb`.
 */
export function toClientConnectionString(connectionString: string): string {
  const match = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\//i.exec(connectionString.trim());
  if (!match) {
    throw new Error(
      'EventStoreDB connection string must start with esdb:// or kurrentdb:// (optionally +discover)',
    );
  }
  return `kurrentdb${match[2] ?? ''}://${connectionString.trim().slice(match[0].length)}`;
}

/**
 * Options the client accepts that would break what the adapter promises. Keys are compared as the
 * client compares them (case, `-` and `_` ignored).
 */
const REFUSED: Record<string, (value: string) => string | undefined> = {
  throwonappendfailure: (value) =>
    value.trim().toLowerCase() === 'false'
      ? 'throwOnAppendFailure=false makes a failed append (a conflict, a deleted stream) look like a success; remove it'
      : undefined,
  tlsverifycert: (value) =>
    value.trim().toLowerCase() === 'false'
      ? 'tlsVerifyCert=false turns certificate verification off, so anyone on the path could pose as the server; ' +
        'remove it and pass tlsCAFile=<path of the CA certificate> (or set NODE_EXTRA_CA_CERTS)'
      : undefined,
  nodepreference: (value) =>
    value.trim().toLowerCase() === 'leader'
      ? undefined
      : `nodePreference=${value} reads from a node that may lag the leader, so a stream read right after an ` +
        'append may miss it; remove it (the default is leader)',
};

/** Refuses, naming the option, a connection string whose options would weaken the adapter's guarantees. */
export function checkConnectionOptions(connectionString: string): void {
  const query = connectionString.split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=');
    const refusal = REFUSED[key.trim().toLowerCase().replace(/[_-]/g, '')]?.(value);
    if (refusal) throw new Error(`EventStoreDB connection string refused: ${refusal}`);
  }
}
