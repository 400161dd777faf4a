import type { FastifyPluginAsync } from 'fastify';

/** `GET /api/captcha/get`, `POST /api/captcha/check` (AJ-Captcha blockPuzzle protocol). */
export const captchaRoutes: FastifyPluginAsync = async () => {};
