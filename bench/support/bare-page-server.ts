/**
 * A bare HTTP service (bare-page.ts starts it in its own process): node:http and pg, no framework,
 * no key, no checks. `GET /N` answers with the rows of the Nth statement of BARE_STATEMENTS (JSON:
 * `{text, values}` each, run prepared) as `{"data": rows}`. What any Node service pays to answer
 * with a page on this machine: the floor under the API's. Prints `listening` once it is.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 2 });
const statements = (
  JSON.parse(process.env.BARE_STATEMENTS ?? '[]') as { text: string; values: unknown[] }[]
).map((statement, n) => ({ name: `bare_page_${n}`, ...statement }));

const server = createServer((request, response) => {
  const statement = statements[Number(request.url?.slice(1))];
  if (!statement) {
    response.writeHead(404);
    response.end();
    return;
  }
  pool.query(statement).then(
    ({ rows }) => {
      const body = JSON.stringify({ data: rows });
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    (error: Error) => {
      response.writeHead(500);
      response.end(error.message);
    },
  );
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
