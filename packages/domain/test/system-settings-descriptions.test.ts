import { describe, expect, it } from 'vitest';
import {
  checkDescriptionRows,
  checkSetting,
  descriptionRowsOf,
  settingMessages,
} from '../src/system-settings';

// The admin Settings form for required_document_descriptions (issue 23 item 7): rows in, the JSON
// the server's check by key accepts out.

describe('required document descriptions as rows', () => {
  it('reads the stored JSON as rows, and anything else as none', () => {
    expect(
      descriptionRowsOf('{"qs_report":"Quantity surveyor report","valuation":"Bank valuation"}'),
    ).toEqual([
      { type: 'qs_report', description: 'Quantity surveyor report' },
      { type: 'valuation', description: 'Bank valuation' },
    ]);
    expect(descriptionRowsOf('not json')).toEqual([]);
    expect(descriptionRowsOf('["qs_report"]')).toEqual([]);
  });

  it('writes rows as the JSON the server accepts, trimmed', () => {
    const check = checkDescriptionRows([
      { type: ' qs_report ', description: ' Quantity surveyor report ' },
      { type: 'valuation', description: 'Bank valuation' },
    ]);
    expect(check.isValid).toBe(true);
    expect(JSON.parse(check.value)).toEqual({
      qs_report: 'Quantity surveyor report',
      valuation: 'Bank valuation',
    });
    expect(checkSetting('required_document_descriptions', check.value)).toEqual({ ok: true });
  });

  it('says what is wrong with each row: the key, a type twice, the text', () => {
    const check = checkDescriptionRows([
      { type: 'QS Report', description: 'x' },
      { type: 'valuation', description: '' },
      { type: 'valuation', description: 'y'.repeat(501) },
    ]);
    expect(check.isValid).toBe(false);
    expect(check.errors).toEqual([
      { type: settingMessages.descriptionKey, description: null },
      { type: null, description: settingMessages.descriptionText },
      { type: settingMessages.descriptionKeyTwice, description: settingMessages.descriptionText },
    ]);
  });

  it('takes no rows as an empty object, which the server accepts', () => {
    const check = checkDescriptionRows([]);
    expect(check).toMatchObject({ isValid: true, value: '{}' });
    expect(checkSetting('required_document_descriptions', check.value)).toEqual({ ok: true });
  });
});
