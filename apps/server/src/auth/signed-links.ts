import { createHash } from 'node:crypto';
import {
  confirmLinkExpiresAt,
  type SignedLinkPurpose,
  signedLinkMaxAgeDays,
  unsubscribeLinkExpiresAt,
} from '@plinth/domain/alert-links';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Links in e-mails that act without signing in (issue 22; issue 29 finding 8; decisions 044 and
 * 048): unsubscribe from alert e-mails, confirm criteria as still accurate. The one place tokens
 * are made and checked. Each is a JWT signed with a key of its own derived from the server's
 * secret (HS256, jose) naming one user (sub) and one purpose (aud). Its expiry is set here from the
 * purpose, never by the caller, and is required: a token without `exp` (or `iat`) is refused, as is
 * one older than its purpose allows. A 'Still accurate' token also names the confirmation it was
 * sent about (`confirmed_at`, ms), which is what makes it work once (listing-alerts/alert-links.ts).
 */

const ISSUER = 'plinth';

const keyOf = (secret: string) => createHash('sha256').update(`plinth signed links\0${secret}`).digest();

export type LinkRequest =
  | { purpose: 'unsubscribe-alerts'; userId: string; issuedAt: Date }
  | { purpose: 'confirm-criteria'; userId: string; confirmedAt: Date };

export type VerifiedLink =
  | { purpose: 'unsubscribe-alerts'; userId: string }
  | { purpose: 'confirm-criteria'; userId: string; confirmedAt: Date };

/** Why a link is refused: not ours or not whole ('invalid'), or past its expiry ('expired'). */
export class LinkRefused extends Error {
  constructor(
    readonly reason: 'invalid' | 'expired',
    /** For an expired link of ours: when it expired (its `exp`, checked authentic). */
    readonly expiredAt: Date | null = null,
    /** For an expired link of ours: whom it was for (its `sub`). */
    readonly userId: string | null = null,
  ) {
    super(reason === 'expired' ? 'This link has expired' : 'This link is not valid');
  }
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function signLink(secret: string, link: LinkRequest): Promise<string> {
  const now = new Date();
  const jwt = new SignJWT(
    link.purpose === 'confirm-criteria' ? { confirmed_at: link.confirmedAt.getTime() } : {},
  )
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(link.purpose)
    .setSubject(link.userId);
  if (link.purpose === 'unsubscribe-alerts') {
    return jwt
      .setIssuedAt(seconds(link.issuedAt))
      .setExpirationTime(seconds(unsubscribeLinkExpiresAt(link.issuedAt)))
      .sign(keyOf(secret));
  }
  return jwt
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(confirmLinkExpiresAt(link.confirmedAt)))
    .sign(keyOf(secret));
}

/** What a link may do for whom; LinkRefused when it is not valid for `purpose` now. */
export async function verifyLink(
  secret: string,
  token: string,
  purpose: SignedLinkPurpose,
  now: Date = new Date(),
): Promise<VerifiedLink> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: purpose,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${signedLinkMaxAgeDays[purpose]} days`,
      currentDate: now,
    }));
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is our own. Too old
    // for its purpose (iat) is refused as not ours to give: we never issue such a token.
    if (error instanceof errors.JWTExpired && error.claim === 'exp' && typeof error.payload.exp === 'number')
      throw new LinkRefused(
        'expired',
        new Date(error.payload.exp * 1000),
        typeof error.payload.sub === 'string' ? error.payload.sub : null,
      );
    throw new LinkRefused('invalid');
  }
  const userId = payload.sub;
  if (typeof userId !== 'string' || userId === '') throw new LinkRefused('invalid');
  if (purpose === 'unsubscribe-alerts') return { purpose, userId };
  const confirmedAt = payload.confirmed_at;
  if (typeof confirmedAt !== 'number' || !Number.isSafeInteger(confirmedAt) || confirmedAt <= 0)
    throw new LinkRefused('invalid');
  return { purpose, userId, confirmedAt: new Date(confirmedAt) };
}
