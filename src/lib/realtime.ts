import {
  REALTIME_EVENT,
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  type RealtimeEventType,
  type RealtimeMessage,
} from '@contract/realtime';
import { getAccessToken } from './storage';

type Handler = (payload: unknown) => void;

/** Reconnect delays (ms): quick at first, then backing off to half a minute. */
const RECONNECT_DELAYS = [1000, 2000, 5000, 10_000, 30_000];

const handlers = new Map<RealtimeEventType, Set<Handler>>();
let socket: WebSocket | null = null;
let attempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let wanted = false;
/** This sign-in's socket has been open before: opening again follows a gap in which events may have been lost. */
let openedBefore = false;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${REALTIME_PATH}`;
}

function deliver(message: RealtimeMessage): void {
  handlers.get(message.type)?.forEach((handler) => handler(message.payload));
}

function dispatch(raw: string): void {
  let message: RealtimeMessage;
  try {
    message = JSON.parse(raw) as RealtimeMessage;
  } catch {
    return;
  }
  deliver(message);
}

function connect(): void {
  const token = getAccessToken();
  if (!wanted || !token || socket) return;
  const ws = new WebSocket(socketUrl(), [REALTIME_PROTOCOL, token]);
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    // What the screens show may have changed while the socket was away: they reload it, as when the
    // server says its own event channel had a gap.
    if (openedBefore) deliver({ type: REALTIME_EVENT.resync, payload: {} });
    openedBefore = true;
  };
  ws.onmessage = (event) => {
    if (typeof event.data === 'string') dispatch(event.data);
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    if (!wanted) return;
    const delay = RECONNECT_DELAYS[Math.min(attempts, RECONNECT_DELAYS.length - 1)];
    attempts++;
    reconnectTimer = setTimeout(connect, delay);
  };
}

/** Opens this tab's socket (once signed in); it reconnects by itself until stopped. */
export function startRealtime(): void {
  wanted = true;
  connect();
}

function closeSocket(): void {
  clearTimeout(reconnectTimer);
  socket?.close();
  socket = null;
}

/** Closes the socket at sign-out. */
export function stopRealtime(): void {
  wanted = false;
  openedBefore = false;
  closeSocket();
}

/** Reconnects with the current token (after a refresh or an organisation switch). */
export function restartRealtime(): void {
  wanted = false;
  closeSocket();
  startRealtime();
}

/**
 * Listens for one event type; returns the unsubscribe function. A screen that shows server state pushed by
 * events also listens for REALTIME_RESYNC and reloads that state: events of a gap (the socket reconnecting,
 * the server's event channel down for a moment) are not replayed.
 */
export function subscribeRealtime<P>(type: RealtimeEventType, handler: (payload: P) => void): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  set.add(handler as Handler);
  handlers.set(type, set);
  return () => set.delete(handler as Handler);
}
