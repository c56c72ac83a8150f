import { describe, expect, it } from 'vitest';
import { emailGreeting, greetingFor, roleTaglines } from '../src/greeting';
import { roles } from '../src/roles';

describe('greetingFor', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])("greetingFor: at hour %i returns '%s'", (hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });

  it('greetingFor: returns morning for every hour before 12, afternoon before 18, evening after', () => {
    const byHour = Array.from({ length: 24 }, (_, hour) => greetingFor(hour));
    expect(byHour.slice(0, 12).every((g) => g === 'Good morning')).toBe(true);
    expect(byHour.slice(12, 18).every((g) => g === 'Good afternoon')).toBe(true);
    expect(byHour.slice(18).every((g) => g === 'Good evening')).toBe(true);
  });
});

describe('roleTaglines', () => {
  it('roleTaglines: has a non-empty tagline for every role', () => {
    for (const role of roles) expect(roleTaglines[role].length).toBeGreaterThan(0);
  });
});

describe('emailGreeting', () => {
  it("emailGreeting: with a name returns 'Hello Jane,'", () => {
    expect(emailGreeting('Jane')).toBe('Hello Jane,');
    expect(emailGreeting('Jane Developer')).toBe('Hello Jane Developer,');
  });

  it("emailGreeting: trims the name ('  Jane  ' → 'Hello Jane,')", () => {
    expect(emailGreeting('  Jane  ')).toBe('Hello Jane,');
  });

  it.each([[null], [undefined], [''], ['   ']])(
    "emailGreeting: with no name (%j) returns 'Hello,'",
    (name) => {
      expect(emailGreeting(name)).toBe('Hello,');
    },
  );
});
