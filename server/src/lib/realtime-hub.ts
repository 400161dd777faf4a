import type { RealtimeMessage } from '@contract/realtime';

/** Anything a message can be written to: a WebSocket, or a test double. */
export interface RealtimeSink {
  send(data: string): void;
}

interface Subscriber {
  userId: string;
  orgId: string | null;
  sink: RealtimeSink;
}

/**
 * Fans events out to the open sockets of this process. With one server node (SQLite) that is all of
 * them; several nodes behind a load balancer need a shared channel (PostgreSQL LISTEN/NOTIFY) in front
 * of `publish*`, which is why modules publish through this one object and never touch sockets.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();

  /** Registers a socket; returns the function that removes it. */
  add(userId: string, orgId: string | null, sink: RealtimeSink): () => void {
    const subscriber: Subscriber = { userId, orgId, sink };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publishToUser(userId: string, message: RealtimeMessage): number {
    return this.publish(message, (s) => s.userId === userId);
  }

  /** To one user while signed in to one organisation (tenant-scoped events such as exports). */
  publishToUserInOrg(userId: string, orgId: string, message: RealtimeMessage): number {
    return this.publish(message, (s) => s.userId === userId && s.orgId === orgId);
  }

  publishToOrg(orgId: string, message: RealtimeMessage): number {
    return this.publish(message, (s) => s.orgId === orgId);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private publish(message: RealtimeMessage, accept: (s: Subscriber) => boolean): number {
    const data = JSON.stringify(message);
    let sent = 0;
    for (const subscriber of this.subscribers) {
      if (!accept(subscriber)) continue;
      try {
        subscriber.sink.send(data);
        sent++;
      } catch {
        this.subscribers.delete(subscriber);
      }
    }
    return sent;
  }
}
