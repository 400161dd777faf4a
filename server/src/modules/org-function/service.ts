/**
 * What other modules may use of the organisation's functions: the one answer to "may this organisation do
 * X" (every command of a function asks `requireFunction` first) and the opening the e-sign account makes.
 */
export { isFuncCode, openFunction, requireFunction, requireOpenable } from './commands';
export { functionOf, functionsOf, hasFunction } from './queries';
