import type { Onboarding } from '@contract/organization-schemas';

/** The four steps' flags, in order: authenticate, a verified settlement account, an agreement, a function. */
export const ONBOARDING_FLAGS: ReadonlyArray<keyof Onboarding> = [
  'authenticated',
  'settlementAccount',
  'agreementSigned',
  'functionOpened',
];

/** The organisation is ready to work: the checklist is gone. */
export const isOnboardingDone = (state: Onboarding) => ONBOARDING_FLAGS.every((flag) => state[flag]);
