import { describe, expect, it } from 'vitest';
import { composeLocation, localityMatches, localityQueries, parseAddressQuery } from '../src/geocode';

describe('parseAddressQuery', () => {
  it('parseAddressQuery: takes the street before the last comma and a trailing state and postcode off', () => {
    expect(parseAddressQuery('12 Church St, Parramatta NSW 2150')).toEqual({
      head: '12 Church St',
      words: ['Parramatta'],
      state: 'NSW',
      postcode: '2150',
    });
  });

  it('parseAddressQuery: a lone number stays a word (a postcode search)', () => {
    expect(parseAddressQuery('2150')).toEqual({ head: '', words: ['2150'], state: null, postcode: null });
  });
});

describe('localityQueries', () => {
  it('localityQueries: every tail of the words, longest first, none under 3 characters', () => {
    expect(localityQueries(['12', 'Church', 'St', 'Parra'])).toEqual([
      '12 church st parra',
      'church st parra',
      'st parra',
      'parra',
    ]);
    expect(localityQueries(['12', 'Main', 'St'])).toEqual(['12 main st', 'main st']);
  });
});

describe('localityMatches', () => {
  it('localityMatches: the start of the name or of any word in it, ignoring case and apostrophe style', () => {
    expect(localityMatches('parra', 'North Parramatta')).toBe(true);
    expect(localityMatches("o'con", 'O\u2019Connor')).toBe(true);
    expect(localityMatches('matta', 'Parramatta')).toBe(false);
  });
});

describe('composeLocation', () => {
  it('composeLocation: keeps the typed street and adds the chosen locality line', () => {
    expect(composeLocation('12 Church St Parra', 'Parramatta', 'Parramatta NSW 2150')).toBe(
      '12 Church St, Parramatta NSW 2150',
    );
    expect(composeLocation('12 Church St, parra', 'Parramatta', 'Parramatta NSW 2150')).toBe(
      '12 Church St, Parramatta NSW 2150',
    );
    expect(
      composeLocation('5 Smith St North Parramatta NSW', 'North Parramatta', 'North Parramatta NSW 2151'),
    ).toBe('5 Smith St, North Parramatta NSW 2151');
  });

  it('composeLocation: with only the locality or a postcode typed, the locality line alone', () => {
    expect(composeLocation('Parra', 'Parramatta', 'Parramatta NSW 2150')).toBe('Parramatta NSW 2150');
    expect(composeLocation('2150', 'Parramatta', 'Parramatta NSW 2150')).toBe('Parramatta NSW 2150');
  });

  it('composeLocation: a street and a postcode keep the street', () => {
    expect(composeLocation('12 Church St 2150', 'Parramatta', 'Parramatta NSW 2150')).toBe(
      '12 Church St, Parramatta NSW 2150',
    );
  });
});
