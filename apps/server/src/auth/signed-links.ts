import { createHash } from 'node:crypto';
import { type SignedLinkPurpose, signedLinkMessages } from '@plinth/domain/listing-alerts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { badRequest } from '../errors';

/**
 * Links in e-mails that act without signing in (issue 22: unsubscribe from alerts, confirm criteria
 * as still accurate). Each is a JWT signed with a key of its own derived from the server's secret
 * (HS256, jose): it names one user and one purpose (the audience), so an unsubscribe link can never
 * confirm criteria or act for another person, and it expires.
 */

const ISSUER = 'plinth';

const keyOf = (secret: string) => createHash('sha256').update(`plinth signed links\0${secret}`).digest();

export async function signLink(
  secret: string,
  link: { purpose: SignedLinkPurpose; userId: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(link.purpose)
    .setSubject(link.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(link.expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The user a link acts for; a 400 with a plain message when it is not valid for `purpose` or expired. */
export async function verifyLink(
  secret: string,
  token: string,
  purpose: SignedLinkPurpose,
  now: Date = new Date(),
): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: purpose,
      currentDate: now,
    });
    if (!payload.sub) throw badRequest(signedLinkMessages.invalid);
    return payload.sub;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw badRequest(signedLinkMessages.expired);
    throw badRequest(signedLinkMessages.invalid);
  }
}
