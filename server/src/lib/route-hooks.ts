import type { RouteOptions } from 'fastify';

type RouteHooks = NonNullable<RouteOptions['preHandler']>;
export type RouteHook = Extract<RouteHooks, unknown[]>[number];

/** A route's `preHandler` option as a list (Fastify takes one function or several). */
export const hooksOf = (hooks: RouteOptions['preHandler']): RouteHook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks as RouteHook];
