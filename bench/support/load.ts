import autocannon from 'autocannon';
import { log, round } from './measure';

/** One phase's figures, as the benchmarks print them. */
export interface Figures {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
}

/** A request's own onResponse, still called (e.g. to collect the ids of what it made). */
type ResponseHook = (status: number, body: string, context: object, headers?: object) => void;

/**
 * `seconds` of `request` against `url` with `connections` at once (autocannon), logged under
 * `label`. Any failed request stops the run, naming the first failure's status and body.
 */
export async function load(
  url: string,
  label: string,
  request: autocannon.Request,
  connections: number,
  seconds: number,
): Promise<Figures> {
  let firstFailure: string | undefined;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        ...request,
        onResponse: (status, body, context, headers) => {
          (request.onResponse as unknown as ResponseHook | undefined)?.(status, body, context, headers);
          if (status >= 300) firstFailure ??= `${status} ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  const figures = {
    rps: round(result.requests.average, 1),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  log(`${label}: ${JSON.stringify(figures)}`);
  if (figures.errors > 0) {
    throw new Error(
      `${label}: ${figures.errors} failed requests; the first answered ${firstFailure ?? '(none)'}`,
    );
  }
  return figures;
}
