import { describe, expect, it } from 'vitest';
import { knowledgeEntries, searchKnowledge } from '../src/broker-ai/knowledge';

describe('broker-ai knowledge base', () => {
  it('every entry is short and names its source and the kind of it', () => {
    for (const e of knowledgeEntries) {
      expect(e.text.length).toBeLessThan(500);
      expect(e.source).toBeTruthy();
      expect(['regulator', 'lender or broker marketing', 'industry guide']).toContain(e.sourceKind);
    }
  });
  const questions: [string, string][] = [
    ['What is mezzanine finance?', 'mezzanine'],
    ['How does mezz debt work?', 'mezzanine'],
    ['What is preferred equity?', 'preferred-equity'],
    ['How many presales do banks need?', 'presales'],
    ['What does GRV mean?', 'grv'],
    ['Explain the GST margin scheme', 'margin-scheme'],
    ['What security do development lenders take?', 'security'],
    ['Does the NCCP apply to a development loan?', 'nccp'],
    ['What stress tests do lenders run?', 'stress-tests'],
    ['What is capitalised interest?', 'capitalised-interest'],
  ];
  it.each(questions)('%s finds %s first', (question, id) => {
    expect(searchKnowledge(question)[0]?.entry.id).toBe(id);
  });
  it('a question of only common words finds nothing', () => {
    expect(searchKnowledge('what is the')).toEqual([]);
  });
});
