import { describe, expect, it } from 'vitest';
import { authErrorText } from '../src/lib/auth-client';

describe('authErrorText', () => {
  it("shows the API's error field: Better Auth's refusals come in the one error shape", () => {
    expect(
      authErrorText(
        {
          error: 'Invalid email or password',
          code: 'INVALID_EMAIL_OR_PASSWORD',
          status: 401,
          statusText: 'Unauthorized',
        },
        'Something went wrong',
      ),
    ).toBe('Invalid email or password');
  });

  it('falls back to the status text, then to the fallback, when the body says nothing', () => {
    expect(authErrorText({ status: 502, statusText: 'Bad Gateway' }, 'Something went wrong')).toBe(
      'Bad Gateway',
    );
    expect(authErrorText({ status: 0, statusText: '' }, 'Something went wrong')).toBe('Something went wrong');
  });
});
