import SQLite from 'better-sqlite3';
import type { TokenResponse } from '@contract/auth-schemas';
import type { CaptchaCheckResponse, CaptchaGetResponse } from '@contract/captcha-schemas';
import { GRANT_TYPE, OAUTH_SCOPE } from '@contract/constants';
import { WEB_CLIENT } from '@contract/constants';
import { aesEcbEncrypt } from '../../src/modules/captcha/aes';
import { answerPlainText, captchaVerificationOf } from '../../src/modules/captcha/answer';
import { basicAuth, encryptWith } from './helpers';

/** Where the test reads a puzzle's answer: the server's database, which the test may read. */
export type PuzzleAnswers = (token: string) => Promise<number>;

/** Puzzle answers from the SQLite file of a server's data folder. */
export function sqlitePuzzleAnswers(databaseFile: string): PuzzleAnswers {
  return async (token) => {
    const database = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      const row = database.prepare('SELECT answer_x FROM captcha_challenges WHERE token = ?').get(token) as {
        answer_x: number;
      };
      return row.answer_x;
    } finally {
      database.close();
    }
  };
}

/** A client of a server over real HTTP, as the SPA is. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly puzzleAnswers: PuzzleAnswers,
  ) {}

  async json<T>(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await fetch(`${this.baseUrl}${path}`, init);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  }

  /** A passed slider puzzle's captchaVerification; the answer is read from the database, not the image. */
  async captchaVerification(): Promise<string> {
    const puzzle = (await this.json<CaptchaGetResponse>('/api/captcha/get?captchaType=blockPuzzle')).body
      .repData;
    if (!puzzle) throw new Error('no puzzle');
    const plain = answerPlainText(await this.puzzleAnswers(puzzle.token));
    const check = await this.json<CaptchaCheckResponse>('/api/captcha/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        captchaType: 'blockPuzzle',
        token: puzzle.token,
        pointJson: aesEcbEncrypt(plain, puzzle.secretKey),
      }),
    });
    if (check.body.repCode !== '0000') throw new Error(`captcha check failed: ${JSON.stringify(check.body)}`);
    return captchaVerificationOf(puzzle.token, plain, puzzle.secretKey);
  }

  private token(form: Record<string, string>) {
    return this.json<TokenResponse>('/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth({ clientId: WEB_CLIENT.id, clientSecret: WEB_CLIENT.secret }),
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Signs in through the slider puzzle and the token endpoint, as the login page does. */
  async signIn(mobile: string, password: string): Promise<TokenResponse> {
    const channel = await this.json<{ data: { passwordPublicKey: string; channelId: string } }>(
      '/api/channel/config/default',
    );
    const answer = await this.token({
      grant_type: GRANT_TYPE.password,
      mobile,
      password: encryptWith(channel.body.data.passwordPublicKey, password),
      scope: OAUTH_SCOPE,
      systemRole: '2',
      cId: channel.body.data.channelId,
      captchaVerification: await this.captchaVerification(),
    });
    if (answer.status !== 200)
      throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  refresh(refreshToken: string) {
    return this.token({ grant_type: GRANT_TYPE.refresh, refresh_token: refreshToken, scope: OAUTH_SCOPE });
  }
}
