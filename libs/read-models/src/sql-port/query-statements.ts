/**
 * What the read-only SQL port lets through (read-only-sql-port.ts): queries only. A light lexer,
 * not a parser: it splits on semicolons outside strings, quoted names, comments and dollar quotes,
 * and looks at each statement's first word and at the function names it calls. The read-only,
 * always rolled back transaction around each query is the guarantee; this keeps a client from
 * ending that transaction (COMMIT, ROLLBACK, SET TRANSACTION, ...) and from calls that act on the
 * single session PGlite shares with the service.
 */
const QUERY_WORDS = new Set(['select', 'with', 'values', 'table', 'show', 'explain']);

/** Functions acting outside the transaction or on the shared session (locks, the backend, files, sleeps). */
const REFUSED_CALLS =
  /^(pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_promote|set_config|pg_sleep\w*|pg_(try_)?advisory_\w*|pg_read_(binary_)?file|pg_ls_\w*|pg_stat_file|lo_\w+|dblink\w*|pg_logical_emit_message|pg_switch_wal|pg_create_\w+|pg_drop_\w+)$/;

/** Why the SQL may not run here, or undefined when it is queries only. */
export function refusalOf(text: string): string | undefined {
  const { statements, words } = lex(text);
  for (const statement of statements) {
    const first = /^[\s(]*([a-z_]+)/i.exec(statement)?.[1]?.toLowerCase();
    if (first && !QUERY_WORDS.has(first))
      return `${first.toUpperCase()} is refused: this connection is read-only (queries only: SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN)`;
  }
  const call = words.find((word) => REFUSED_CALLS.test(word));
  return call && `${call}() is refused on this read-only connection`;
}

/** The statements with strings, quoted names and comments blanked out, and the bare words. */
function lex(text: string): { statements: string[]; words: string[] } {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      out += ' ';
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        const opens = text.startsWith('/*', i);
        const closes = !opens && text.startsWith('*/', i);
        if (opens) depth++;
        if (closes) depth--;
        i += opens || closes ? 2 : 1;
      }
      out += ' ';
    } else if (c === "'") {
      // E'…' strings take backslash escapes; '' is a quote inside either kind.
      const escapes = /e$/i.test(out) && !/[a-z0-9_]e$/i.test(out);
      i++;
      while (i < text.length) {
        if (escapes && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
      out += "''";
    } else if (c === '"') {
      // Kept as a word: "pg_sleep"(1) is the function too.
      const end = text.indexOf('"', i + 1);
      out += ` ${text.slice(i + 1, end < 0 ? text.length : end)} `;
      i = end < 0 ? text.length : end + 1;
    } else if (c === '$' && /^\$([a-z_][a-z0-9_]*)?\$/i.test(text.slice(i)) && !/[a-z0-9_]$/i.test(out)) {
      const tag = /^\$([a-z_][a-z0-9_]*)?\$/i.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      i = end < 0 ? text.length : end + tag.length;
      out += "''";
    } else {
      out += c;
      i++;
    }
  }
  const statements = out.split(';').filter((s) => s.trim() !== '');
  const words = (out.match(/[a-z_][a-z0-9_$]*/gi) ?? []).map((w) => w.toLowerCase());
  return { statements, words };
}
