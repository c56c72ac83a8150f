/**
 * Better Auth's endpoints the web app uses (sign-up, sign-in, sign-out, the session and the
 * password reset), written by hand: Better Auth registers them as one catch-all route, so no
 * schema of ours describes them (issue 36 item 1, decision 073). Their errors are the API's one
 * `Error` (auth-routes.ts maps Better Auth's `{ message, code }` into it, decision 080).
 */

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const dateTime = { type: 'string', format: 'date-time' };

export const AUTH_SCHEMAS: Record<string, Json> = {
  AuthUser: {
    type: 'object',
    description:
      "The signed-in person as Better Auth answers them, with Plinth's fields (role, approval, subscription)",
    required: ['id', 'email', 'name', 'emailVerified', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      name: { type: 'string' },
      emailVerified: { type: 'boolean' },
      image: { type: 'string', nullable: true },
      createdAt: dateTime,
      updatedAt: dateTime,
      role: {
        type: 'string',
        nullable: true,
        description: '`developer`, `funder`, `surveyor`, `admin`, or null before onboarding',
      },
      approved: { type: 'boolean' },
      subscription_status: { type: 'string' },
    },
  },
  AuthSession: {
    type: 'object',
    required: ['id', 'token', 'userId', 'expiresAt', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string' },
      token: { type: 'string', description: 'The session token (also the bearer token)' },
      userId: { type: 'string' },
      expiresAt: dateTime,
      createdAt: dateTime,
      updatedAt: dateTime,
      ipAddress: { type: 'string', nullable: true },
      userAgent: { type: 'string', nullable: true },
    },
  },
  SignInRequest: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', format: 'email' },
      password: { type: 'string' },
      rememberMe: { type: 'boolean', description: 'False ends the session with the browser' },
      callbackURL: { type: 'string' },
    },
  },
  SignInResponse: {
    type: 'object',
    required: ['redirect', 'token', 'user'],
    properties: {
      redirect: { type: 'boolean' },
      token: { type: 'string' },
      url: { type: 'string', nullable: true },
      user: ref('AuthUser'),
    },
  },
  SignUpRequest: {
    type: 'object',
    required: ['name', 'email', 'password'],
    properties: {
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      password: { type: 'string', description: 'At least 8 characters' },
      callbackURL: { type: 'string' },
    },
  },
  SignUpResponse: {
    type: 'object',
    required: ['user'],
    properties: {
      token: { type: 'string', nullable: true, description: 'Null while the e-mail still needs verifying' },
      user: ref('AuthUser'),
    },
  },
  SessionResponse: {
    type: 'object',
    nullable: true,
    description: 'The session and its user, or null without one',
    required: ['session', 'user'],
    properties: { session: ref('AuthSession'), user: ref('AuthUser') },
  },
  SignOutResponse: {
    type: 'object',
    required: ['success'],
    properties: { success: { type: 'boolean' } },
  },
  PasswordResetRequest: {
    type: 'object',
    required: ['email'],
    properties: {
      email: { type: 'string', format: 'email' },
      redirectTo: { type: 'string', description: "The app's page the e-mail's link leads to" },
    },
  },
  ResetPasswordRequest: {
    type: 'object',
    required: ['newPassword', 'token'],
    properties: {
      newPassword: { type: 'string' },
      token: { type: 'string', description: "The token of the reset e-mail's link" },
    },
  },
  AuthStatusResponse: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'boolean' }, message: { type: 'string' } },
  },
};

const authError = (description: string) => ({ description, content: json(ref('Error')) });
const errors = {
  400: authError('A field is missing or invalid'),
  403: authError('The request did not come from this site (Origin), or the e-mail is not verified'),
  413: authError('The body is over 64 KB'),
  429: authError('Too many attempts: wait the seconds in Retry-After'),
  431: {
    description:
      'The request headers are over 16 KB: refused by the HTTP server before any route, without a body',
  },
};
const setCookie = {
  'Set-Cookie': { description: 'The session cookie', schema: { type: 'string' } },
};
const SESSION = [{ sessionCookie: [] }, { bearerAuth: [] }];

const operation = (
  operationId: string,
  summary: string,
  extra: {
    body?: string;
    response: string;
    description: string;
    headers?: Json;
    more?: Json;
    session?: boolean;
  },
) => ({
  tags: ['auth'],
  operationId,
  summary,
  security: extra.session ? SESSION : [],
  ...(extra.body ? { requestBody: { required: true, content: json(ref(extra.body)) } } : {}),
  responses: {
    200: {
      description: extra.description,
      ...(extra.headers ? { headers: extra.headers } : {}),
      content: json(ref(extra.response)),
    },
    ...errors,
    ...extra.more,
  },
});

/** The paths of Better Auth's endpoints the web app calls. */
export function authPaths(): Record<string, Record<string, Json>> {
  return {
    '/api/auth/sign-up/email': {
      post: operation('postAuthSignUpEmail', 'Create an account with an e-mail and a password', {
        body: 'SignUpRequest',
        response: 'SignUpResponse',
        description: 'The account is made (the e-mail may still need verifying)',
        headers: {
          ...setCookie,
          'set-auth-token': {
            description: 'The session as a bearer token, when one was started',
            schema: { type: 'string' },
          },
        },
        more: { 422: authError('An account with this e-mail exists, or the password is too weak') },
      }),
    },
    '/api/auth/sign-in/email': {
      post: operation('postAuthSignInEmail', 'Sign in with an e-mail and a password', {
        body: 'SignInRequest',
        response: 'SignInResponse',
        description: 'Signed in: the session cookie is set and the same session is in set-auth-token',
        headers: {
          ...setCookie,
          'set-auth-token': {
            description: 'The session token: send it as `Authorization: Bearer …`',
            required: true,
            schema: { type: 'string' },
          },
        },
        more: { 401: authError('The e-mail or the password is wrong') },
      }),
    },
    '/api/auth/sign-out': {
      post: operation('postAuthSignOut', 'Sign out: end the session', {
        response: 'SignOutResponse',
        description: 'Signed out: the session cookie is cleared',
        headers: setCookie,
      }),
    },
    '/api/auth/get-session': {
      get: operation('getAuthSession', 'The current session and its user (null without one)', {
        response: 'SessionResponse',
        description: 'The session, or null',
      }),
    },
    '/api/auth/request-password-reset': {
      post: operation('postAuthRequestPasswordReset', 'Ask for a password reset e-mail', {
        body: 'PasswordResetRequest',
        response: 'AuthStatusResponse',
        description: 'The same answer whether the e-mail is known or not',
      }),
    },
    '/api/auth/reset-password': {
      post: operation('postAuthResetPassword', "Set a new password with the reset e-mail's token", {
        body: 'ResetPasswordRequest',
        response: 'AuthStatusResponse',
        description: 'The password is changed; every session of the account ends',
      }),
    },
  };
}
