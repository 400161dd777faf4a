import type { RealtimeMessage } from '@contract/realtime';
import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/database';

/** Anything a message can be written to: a WebSocket, or a test double. */
export interface RealtimeSink {
  send(data: string): void;
}

/** Who an event is for: a user (in any organisation, or only while signed in to `orgId`), or an organisation. */
export interface RealtimeAddress {
  userId?: string;
  orgId?: string;
}

/**
 * What travels between nodes, in short keys: an event for the sockets it addresses (`m`), or the word that
 * the addressed user's sessions or memberships changed (`r`), so each of their sockets checks its access
 * again at once instead of at its next keep-alive.
 */
type Envelope = { u?: string; o?: string } & ({ m: RealtimeMessage; r?: never } | { r: 1; m?: never });

/**
 * An envelope's largest size in UTF-8 bytes. PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; half
 * of that leaves room for the address and any growth. Events are pointers ("notices changed", "task X
 * finished"), never the data itself, so one that does not fit is a mistake in the code that published it,
 * and it is refused with an error on SQLite as on PostgreSQL, where tests meet it first.
 */
export const REALTIME_ENVELOPE_MAX_BYTES = 4000;

export class RealtimeEventTooLarge extends Error {}

interface Subscriber {
  userId: string;
  orgId: string | null;
  sink: RealtimeSink;
  recheck: (() => void) | undefined;
}

const addressed = (s: Subscriber, userId: string | undefined, orgId: string | undefined) =>
  (userId === undefined || s.userId === userId) && (orgId === undefined || s.orgId === orgId);

/** The open sockets of this process, and delivery to those an envelope addresses. */
export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();

  /**
   * Registers a socket; returns the function that removes it. `recheck` is called when the user's sessions
   * or memberships change (Realtime.recheckUser), on whichever node that happened.
   */
  add(userId: string, orgId: string | null, sink: RealtimeSink, recheck?: () => void): () => void {
    const subscriber: Subscriber = { userId, orgId, sink, recheck };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Sockets of this process a message to `address` would reach. */
  countOf(address: RealtimeAddress): number {
    return [...this.subscribers].filter((s) => addressed(s, address.userId, address.orgId)).length;
  }

  /** Delivers a serialised envelope (from this process or another node) to the sockets it addresses. */
  deliver(serialised: string): void {
    const envelope = JSON.parse(serialised) as Envelope;
    if (envelope.r === 1) {
      for (const subscriber of this.subscribers) {
        if (addressed(subscriber, envelope.u, envelope.o)) subscriber.recheck?.();
      }
      return;
    }
    this.send(JSON.stringify(envelope.m), (s) => addressed(s, envelope.u, envelope.o));
  }

  /** To every socket of this process, whoever it belongs to. */
  broadcast(message: RealtimeMessage): void {
    this.send(JSON.stringify(message), () => true);
  }

  private send(data: string, accept: (s: Subscriber) => boolean): void {
    for (const subscriber of this.subscribers) {
      if (!accept(subscriber)) continue;
      try {
        subscriber.sink.send(data);
      } catch {
        this.subscribers.delete(subscriber);
      }
    }
  }
}

/**
 * Carries serialised envelopes from the publishing code to the hubs of every node. `within`: the transaction
 * the event belongs to, delivered only once (and if) it commits.
 */
export interface RealtimeBus {
  send(serialised: string, within: Db | undefined): Promise<void>;
  close(): Promise<void>;
}

/** One process: an event goes straight to this hub, after the commit of the transaction it was published in. */
export class InProcessBus implements RealtimeBus {
  constructor(private readonly hub: RealtimeHub) {}

  async send(serialised: string, within: Db | undefined): Promise<void> {
    if (within) await afterCommit(within, () => this.hub.deliver(serialised));
    else this.hub.deliver(serialised);
  }

  async close(): Promise<void> {}
}

/**
 * Pushes events to the signed-in tabs' WebSockets, on whichever node each socket is open. Modules publish
 * through these methods and never touch sockets. An event is a hint to reload (its payload small and
 * addressed); the database stays the truth, so a tab that may have missed events is told to resync.
 *
 * Pass the transaction (`trx`) when the event announces that transaction's writes: it is delivered only if
 * the transaction commits, and cannot be lost between the commit and the publish.
 */
export class Realtime {
  constructor(
    readonly hub: RealtimeHub,
    readonly bus: RealtimeBus,
  ) {}

  /** Registers a socket of this process; returns the function that removes it. */
  add(userId: string, orgId: string | null, sink: RealtimeSink, recheck?: () => void): () => void {
    return this.hub.add(userId, orgId, sink, recheck);
  }

  /**
   * The user's sessions or memberships changed (logout, a switch, a revocation, a removal): each of their
   * sockets, on every node, checks its access again now and is closed or re-scoped. With `trx`, once it commits.
   */
  recheckUser(userId: string, trx?: Db): Promise<void> {
    return this.bus.send(JSON.stringify({ u: userId, r: 1 } satisfies Envelope), trx);
  }

  /** Open sockets of this process. */
  get size(): number {
    return this.hub.size;
  }

  publishToUser(userId: string, message: RealtimeMessage, trx?: Db): Promise<void> {
    return this.publish({ userId }, message, trx);
  }

  /** To one user while signed in to one organisation (tenant-scoped events such as exports). */
  publishToUserInOrg(userId: string, orgId: string, message: RealtimeMessage, trx?: Db): Promise<void> {
    return this.publish({ userId, orgId }, message, trx);
  }

  publishToOrg(orgId: string, message: RealtimeMessage, trx?: Db): Promise<void> {
    return this.publish({ orgId }, message, trx);
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  private async publish(
    address: RealtimeAddress,
    message: RealtimeMessage,
    trx: Db | undefined,
  ): Promise<void> {
    const envelope: Envelope = { u: address.userId, o: address.orgId, m: message };
    const serialised = JSON.stringify(envelope);
    const bytes = Buffer.byteLength(serialised);
    if (bytes > REALTIME_ENVELOPE_MAX_BYTES)
      throw new RealtimeEventTooLarge(
        `${message.type} is ${bytes} bytes, over ${REALTIME_ENVELOPE_MAX_BYTES}: publish a pointer, not the data`,
      );
    await this.bus.send(serialised, trx);
  }
}
