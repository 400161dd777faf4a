import { clearMaturedApplicationsStep, maturityRemindersStep } from '../bills/service';
import { clearMaturedGuaranteesStep } from '../guarantee/service';
import { presentMaturingStep, presentPledgedStep, refuseUnansweredStep } from '../payment/service';
import { clearMaturedReleasesStep } from '../pledge/service';
import { cancelMaturedFinancingsStep } from '../pledge-fin/service';
import type { DayEndStep } from './step';

/**
 * The day-end steps in the order they run. A step joins with one line here, imported from its module's
 * service.ts (see step.ts for what a step must guarantee); its name is recorded in every run, so a step
 * renamed or removed leaves older runs' records as they were.
 */
export const DAY_END_STEPS: readonly DayEndStep[] = [
  // First: what matured is no longer in anyone's hands to sign, so the steps after it find the ranges free.
  clearMaturedApplicationsStep,
  // Guarantees and 质押解除 requests wait beside the ledger's applications and are cleared alike.
  clearMaturedGuaranteesStep,
  clearMaturedReleasesStep,
  // A pledge financing not yet signed lets go of its matured bills, so they can be presented below.
  cancelMaturedFinancingsStep,
  maturityRemindersStep,
  // Payment: refuse what waited past its answer day, then present what fell due (the ranges freed above too).
  refuseUnansweredStep,
  presentMaturingStep,
  // What matured pledged is its pledgee's to present.
  presentPledgedStep,
];
