/**
 * The dialogs of secondary verification, one at a time: the request layer queues a task for each refused
 * call, the dialog host mounted by the app provider shows the first. Kept free of the request layer so
 * the host stays out of the first screen's JavaScript until a verification happens.
 */

export type VerificationKind = 'sms' | 'qr' | 'licenceUnbound';

export type VerificationProof =
  { kind: 'sms'; code: string } | { kind: 'qr'; qrId: string; signature: string };

/** How a replay with a proof ended, for the dialog: done (it closes) or refused again (it stays, showing why). */
export type VerificationOutcome =
  | { done: true }
  | {
      done: false;
      /** Why the proof was refused, Chinese. */
      message: string;
      /** The challenge to prove next (a QR code is fetched for it). */
      challengeId: string | undefined;
    };

export interface VerificationTask {
  readonly id: number;
  readonly kind: VerificationKind;
  /** The server's refusal message. */
  readonly message: string;
  readonly challengeId: string | undefined;
  /** Where the SMS code goes (the signed-in user, or the mobile a password reset names). */
  readonly mobile: string | undefined;
  /** Replays the refused call with the proof. */
  submit(proof: VerificationProof): Promise<VerificationOutcome>;
  /** The user gave up: the refused call is rejected quietly. */
  cancel(): void;
}

type Listener = () => void;

let queue: readonly VerificationTask[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly VerificationTask[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function newVerificationTaskId(): number {
  return nextId++;
}

/** Whether a dialog host is mounted to answer a task; without one a refused call fails at once. */
export function hasVerificationHost(): boolean {
  return listeners.size > 0;
}

export function enqueueVerification(task: VerificationTask): void {
  publish([...queue, task]);
}

/** The task's dialog closed: the next one (if any) opens. */
export function finishVerification(task: VerificationTask): void {
  publish(queue.filter((queued) => queued !== task));
}

/** The task whose dialog is open, or null. */
export function currentVerification(): VerificationTask | null {
  return queue[0] ?? null;
}

/** For the host (`useSyncExternalStore`); returns the unsubscribe. */
export function subscribeVerification(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
