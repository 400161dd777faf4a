import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Validate = ((...args: unknown[]) => unknown) & { errors?: unknown };
type Serialize = (doc: unknown) => string;

/** A validator compiled on its first call; Fastify reads `errors` right after each call, so it is copied over. */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = function (this: unknown, ...args: unknown[]) {
    compiled ??= compile();
    const valid = compiled.apply(this, args);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

function lazySerializer(compile: () => Serialize): Serialize {
  let compiled: Serialize | undefined;
  return (doc) => (compiled ??= compile())(doc);
}

interface ValidatorOptions {
  customOptions?: Record<string, unknown>;
}
interface ValidatedPart {
  schema: unknown;
  httpPart?: string;
}

/**
 * Requests are taken as the contract declares them, never repaired: a field the schema does not name is
 * refused rather than dropped (removeAdditional off), and a body's JSON types are its own, so a number
 * where the contract says a decimal string is refused rather than turned into one. A query string and
 * path parameters arrive as text, so those still convert to the declared number or boolean.
 */
const STRICT_REQUESTS = { removeAdditional: false } as const;

/**
 * The schema with `additionalProperties: false` on every object that does not decide it itself. A schema
 * that must take fields it does not name (an outside protocol: OAuth, AJ-Captcha, a partner's form) says
 * `additionalProperties: true`. A copy: the same schema also describes answers, which stay as they are.
 */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  const isObject = copy.type === 'object' || (copy.properties !== undefined && copy.type === undefined);
  if (isObject && copy.additionalProperties === undefined && copy.patternProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for answers), each route's run on the first
 * request that needs it instead of at start-up, where compiling every route's schemas was most of a start's
 * work. A broken schema now fails that route's first request rather than the start;
 * the route fuzzer (server/test/fuzz.test.ts) calls every route, so tests still meet every schema.
 */
export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, options: ValidatorOptions) => {
      const withOptions = (coerceTypes: false | 'array') =>
        validators(
          externalSchemas as never,
          {
            ...options,
            customOptions: { ...options.customOptions, ...STRICT_REQUESTS, coerceTypes },
          } as never,
        );
      const compileBody = withOptions(false);
      const compileOther = withOptions('array');
      return (route: ValidatedPart) =>
        lazyValidator(() => {
          const strict = {
            ...route,
            schema: route.httpPart === 'headers' ? route.schema : closed(route.schema),
          };
          const compile = route.httpPart === 'body' ? compileBody : compileOther;
          return compile(strict as never) as unknown as Validate;
        });
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compile = serializers(externalSchemas as never, options as never);
      return (route: unknown) => lazySerializer(() => compile(route as never) as Serialize);
    },
  };
  // Fastify types a validator as Ajv's own function; the lazy one answers the same calls.
  return { compilersFactory } as unknown as NonNullable<FastifyServerOptions['schemaController']>;
}
