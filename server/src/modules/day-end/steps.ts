import type { DayEndStep } from './step';

/**
 * The day-end steps in the order they run. A step joins with one line here, imported from its module's
 * service.ts (see step.ts for what a step must guarantee); its name is recorded in every run, so a step
 * renamed or removed leaves older runs' records as they were.
 */
export const DAY_END_STEPS: readonly DayEndStep[] = [];
