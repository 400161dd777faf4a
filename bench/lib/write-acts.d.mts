// The parts of write-acts.mjs its tests use (tests/bench).
export function paced<T>(rate: number, run: () => Promise<T>): Promise<T>;
export function slot(): Promise<void>;
