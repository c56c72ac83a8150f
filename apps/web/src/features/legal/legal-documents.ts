import { formatAud } from '@plinth/domain/format';
import type { Pricing } from '@plinth/domain/system-settings';

export type LegalPath = '/privacy' | '/terms' | '/cookies';

export type LegalDocument = {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const LAST_UPDATED = 'January 2025';
export const SUPPORT_EMAIL = 'support@plinth.com.au';

/** The Fees paragraph with the prices the admin set; without them (still loading), the same terms in words. */
const feesParagraph = (pricing: Pricing | undefined) =>
  pricing
    ? `Developers pay ${formatAud(pricing.listing_fee_aud)} for each project listing. Funders pay ${formatAud(pricing.subscription_price_aud)} a month for professional access. All prices are in Australian dollars.`
    : 'Developers pay a fee for each project listing. Funders pay a monthly subscription for professional access. All prices are in Australian dollars.';

/** Static legal text (spec 000 section 2: dated January 2025), written plainly and kept short; prices from the settings. */
export const legalDocuments = (pricing: Pricing | undefined): Record<LegalPath, LegalDocument> => ({
  '/privacy': {
    title: 'Privacy Policy',
    intro:
      'Plinth handles personal information in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles (APPs). This policy explains what we collect, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account details such as your name, e-mail address and role; profile details such as your company, ABN and contact number; the project information and documents you upload; and the messages you send through Plinth.',
          'We also keep basic technical records, such as sign-in times and the actions taken on a project, so the platform stays secure and auditable.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use your information to run your account, review listings and funder applications, show approved projects to verified funders, process payments, send the notices you ask for, and meet our legal obligations.',
          'We do not sell personal information and we do not use it for third-party advertising.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Project details are shown to verified funders once a listing is approved, and deal-room documents only to the parties in that deal. We also use service providers for hosting, payments and e-mail, who may only use the information to provide their service to us.',
        ],
      },
      {
        heading: 'Access, correction and complaints',
        paragraphs: [
          `You can ask to see or correct the personal information we hold about you by e-mailing ${SUPPORT_EMAIL}. If you are unhappy with how we have handled your information, contact us first; if we cannot resolve it, you may complain to the Office of the Australian Information Commissioner (OAIC).`,
        ],
      },
    ],
  },
  '/terms': {
    title: 'Terms of Service',
    intro:
      'These terms are the agreement between you and Plinth when you use the platform. We have tried to keep them short and in plain English.',
    sections: [
      {
        heading: 'What Plinth is',
        paragraphs: [
          'Plinth is an online marketplace that introduces property developers to funders. We are not a lender, a credit provider or a financial adviser, and we are not a party to any loan you agree. BrokerAI output is general information, not financial advice: check it before you rely on it.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You must give accurate information, keep your sign-in details secure and tell us if you think someone else has used your account. Funders must pass our verification before they can see projects.',
        ],
      },
      {
        heading: 'Fees',
        paragraphs: [feesParagraph(pricing)],
      },
      {
        heading: 'Your content and conduct',
        paragraphs: [
          'You keep ownership of what you upload, and you let us display it to the people the platform shows it to. Do not upload anything misleading or that you have no right to share, and do not use Plinth to contact people for purposes unrelated to a project.',
          'We may remove listings or suspend accounts that break these terms.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'Nothing in these terms excludes rights you have under the Australian Consumer Law. Otherwise, to the extent the law allows, we are not responsible for decisions you make based on information shared through Plinth. These terms are governed by the laws of New South Wales, Australia.',
        ],
      },
    ],
  },
  '/cookies': {
    title: 'Cookie Notice',
    intro:
      'Plinth uses only strictly necessary session cookies. We do not use analytics, advertising or third-party tracking cookies.',
    sections: [
      {
        heading: 'What the cookies do',
        paragraphs: [
          'When you sign in, we set a session cookie so you stay signed in as you move between pages, and so we can protect your account against forged requests. It holds a random identifier, not your personal details.',
        ],
      },
      {
        heading: 'How long they last',
        paragraphs: ['Session cookies are removed when you sign out or when your session expires.'],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'Because these cookies are strictly necessary, we do not ask for consent to set them. You can block cookies in your browser settings, but you will not be able to sign in to Plinth while they are blocked.',
        ],
      },
    ],
  },
});

const LEGAL_PATHS: readonly string[] = ['/privacy', '/terms', '/cookies'] satisfies LegalPath[];

export const isLegalPath = (pathname: string): pathname is LegalPath => LEGAL_PATHS.includes(pathname);
