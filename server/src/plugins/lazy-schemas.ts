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

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for answers), each route's run on the first
 * request that needs it instead of at start-up: compiling the schemas of every route was 37% of the CPU of a
 * start on a seeded DATA_DIR. A broken schema now fails that route's first request rather than the start;
 * the route fuzzer (server/test/fuzz.test.ts) calls every route, so tests still meet every schema.
 */
export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, options: unknown) => {
      const compile = validators(externalSchemas as never, options as never);
      return (route: unknown) => lazyValidator(() => compile(route as never) as unknown as Validate);
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compile = serializers(externalSchemas as never, options as never);
      return (route: unknown) => lazySerializer(() => compile(route as never) as Serialize);
    },
  };
  // Fastify types a validator as Ajv's own function; the lazy one answers the same calls.
  return { compilersFactory } as unknown as NonNullable<FastifyServerOptions['schemaController']>;
}
