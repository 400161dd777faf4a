import { createRequire } from 'node:module';
import { REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeMessage } from '@contract/realtime';

/** What the tests use of a `ws` client socket. */
interface ClientSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open', listener: () => void): void;
  once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  close(): void;
}
type ClientSocketClass = new (url: string, protocols: string[]) => ClientSocket;

// The ws package (a dependency of @fastify/websocket) ships no types here; the browser's API is the same.
const WebSocketClient = createRequire(import.meta.url)('ws') as ClientSocketClass;

export interface TabSocket {
  messages: RealtimeMessage[];
  /** The first message that matches, once it has arrived. */
  received(match: (message: RealtimeMessage) => boolean, timeoutMs?: number): Promise<RealtimeMessage>;
  close(): void;
}

/** A signed-in tab's WebSocket on the server at `baseUrl` (http://host:port), as the browser opens it. */
export async function openTabSocket(baseUrl: string, accessToken: string): Promise<TabSocket> {
  const socket = new WebSocketClient(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, [
    REALTIME_PROTOCOL,
    accessToken,
  ]);
  const messages: RealtimeMessage[] = [];
  socket.on('message', (data) => void messages.push(JSON.parse(data.toString()) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
  return {
    messages,
    async received(match, timeoutMs = 10_000) {
      await vi.waitFor(() => expect(messages.some(match)).toBe(true), { timeout: timeoutMs, interval: 20 });
      return messages.find(match)!;
    },
    close: () => socket.close(),
  };
}
