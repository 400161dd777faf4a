/**
 * HTTP to an outside provider (an SMS service, e签宝): one request with a deadline, retried with backoff
 * where a retry cannot do the work twice, every call and failure counted for the metrics.
 */

/** A request as it goes on the wire: the same bytes are sent again on a retry. */
export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * When a retry is safe. `always`: the provider does the work once whatever reaches it twice (a GET, an
 * Aliyun request whose nonce is spent on first arrival); `unsent`: only when the request surely did not
 * reach the provider (connection refused) or it refused it before doing anything (429, 503).
 */
export type RetryPolicy = 'always' | 'unsent';

export interface ProviderHttpOptions {
  /** Names the provider in logs and metrics (`aliyun-sms`, `esign`). */
  provider: string;
  /** Counts each call and failure: the app's metrics, when they are on (providerCallMetrics). */
  observer: ProviderCallObserver;
  /** Each attempt's deadline. */
  timeoutMs: number;
  /** Further attempts after the first. */
  retries: number;
  /** The first retry waits this long, each further one twice as long. */
  backoffMs: number;
}

export type ProviderFailureKind = 'timeout' | 'network' | 'http';

/** The provider could not be reached, did not answer in time, or answered an HTTP error after every retry. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string,
    readonly kind: ProviderFailureKind,
    readonly status?: number,
    readonly answer?: Buffer,
  ) {
    super(`${provider} ${operation}: ${kind}${status ? ` ${status}` : ''}`);
  }
}

/** Where one app's provider calls and failures are counted (its metrics registry, when metrics are on). */
export interface ProviderCallObserver {
  called(provider: string, operation: string): void;
  failed(provider: string, operation: string, kind: ProviderFailureKind | 'refused'): void;
}

/** Counts nothing: an app without metrics, or a provider client made on its own (a test, a script). */
export const UNCOUNTED: ProviderCallObserver = { called: () => {}, failed: () => {} };

/** A provider answered, but refused the request (a business error): counted as a failure of the call. */
export function reportProviderRefusal(options: ProviderHttpOptions, operation: string): void {
  options.observer.failed(options.provider, operation, 'refused');
}

const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);
/** Statuses a provider answers without having done the work. */
const REFUSED_UNDONE = new Set([429, 503]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error as { code?: string })?.code;
}

/**
 * Sends `request`, retrying per `policy`. Answers the provider's answer, whatever its status, once it is
 * not a transient failure; throws ProviderUnavailable when every attempt failed.
 */
export async function callProvider(
  options: ProviderHttpOptions,
  operation: string,
  request: ProviderRequest,
  policy: RetryPolicy,
): Promise<ProviderAnswer> {
  options.observer.called(options.provider, operation);
  let last: ProviderUnavailable | null = null;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
    let retrySafe: boolean;
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (!TRANSIENT_STATUSES.has(response.status)) {
        return { status: response.status, headers: response.headers, body };
      }
      last = new ProviderUnavailable(options.provider, operation, 'http', response.status, body);
      retrySafe = policy === 'always' || REFUSED_UNDONE.has(response.status);
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      last = new ProviderUnavailable(options.provider, operation, timedOut ? 'timeout' : 'network');
      // Refused connections never carried the request; anything else may have reached the provider.
      retrySafe = policy === 'always' || networkCode(error) === 'ECONNREFUSED';
    }
    if (!retrySafe) break;
  }
  const failure = last ?? new ProviderUnavailable(options.provider, operation, 'network');
  options.observer.failed(options.provider, operation, failure.kind);
  throw failure;
}
