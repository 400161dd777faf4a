import { isFiniteNumber, localKey, readJson, remove, writeJson } from '@/lib/storage';

/*
 * Failed sign-ins counted per mobile in local storage (spec sections 3 and 5, password_not_match):
 * loginErrorCount_<mobile> and loginFirstErrorTime_<environment>_<mobile>. The server keeps the lock
 * that matters; these keys are the client's record of it.
 */

const countKey = (mobile: string) => localKey(`loginErrorCount_${mobile}`);
const firstErrorKey = (envName: string, mobile: string) =>
  localKey(`loginFirstErrorTime_${envName}_${mobile}`);

/** One more wrong password for this mobile; the first error's time is kept once set. */
export function recordLoginError(envName: string, mobile: string, now: number = Date.now()): void {
  const count = readJson(localStorage, countKey(mobile), isFiniteNumber) ?? 0;
  writeJson(localStorage, countKey(mobile), count + 1);
  if (readJson(localStorage, firstErrorKey(envName, mobile), isFiniteNumber) === null) {
    writeJson(localStorage, firstErrorKey(envName, mobile), now);
  }
}

export function clearLoginErrors(envName: string, mobile: string): void {
  remove(localStorage, countKey(mobile));
  remove(localStorage, firstErrorKey(envName, mobile));
}
