import type { Role } from './roles';

/** Morning before 12, afternoon before 18, else evening (spec 000 section 2, Dashboard). */
export function greetingFor(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export const roleTaglines: Record<Role, string> = {
  borrower: 'Manage your development projects and connect with funders.',
  funder: 'Discover vetted development opportunities across Australia.',
  admin: 'Review listings, people and payments across the platform.',
  surveyor: 'Inspect and certify the progress claims of the facilities you are appointed to.',
};

/** An e-mail's first line: 'Hello Jane,' by the recipient's name, or 'Hello,' when there is none. */
export function emailGreeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}
