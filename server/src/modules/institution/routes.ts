import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@contract/envelope-schemas';
import { INSTITUTION_URL } from '@contract/institution';
import { Institution } from '@contract/institution-schemas';
import { AUTHENTICATED_ERRORS, ok } from '../../lib/responses';
import { institutionList, institutionView } from './registry';

/**
 * `GET /api/scbill/basic-data/institutions`: the institutions the discount, pledge and financing forms
 * offer. Public facts of licensed banks, so any signed-in user may read them.
 */
export const institutionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    INSTITUTION_URL.list,
    { schema: { response: { 200: Envelope(Type.Array(Institution)), ...AUTHENTICATED_ERRORS } } },
    async function getInstitutions() {
      return ok((await institutionList(app.db)).map(institutionView));
    },
  );
};
