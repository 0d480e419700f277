/**
 * The v6 client only parses `esdb://` and `esdb+discover://`. KurrentDB documents `kurrentdb://`
 * (and the short `kdb://`, `kurrent://`) for the same settings, so those schemes are renamed.
 */
export function toClientConnectionString(connectionString: string): string {
  const match = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\//i.exec(connectionString.trim());
  if (!match) {
    throw new Error(
      'EventStoreDB connection string must start with esdb:// or kurrentdb:// (optionally +discover)',
    );
  }
  return `esdb${match[2] ?? ''}://${connectionString.trim().slice(match[0].length)}`;
}
