import { describe, expect, it } from 'vitest';
import {
  countsAsInsight,
  type DocumentViewCount,
  fulfilDocumentRequestBody,
  mayReadDocumentViews,
  summariseDocumentViews,
} from '../src/data-room';

describe('data-room insight', () => {
  it("mayReadDocumentViews: the uploader's side and admins read who opened a file; the other party does not", () => {
    const side = ['dev-1'];
    expect(mayReadDocumentViews({ id: 'dev-1', role: 'borrower' }, side)).toBe(true);
    expect(mayReadDocumentViews({ id: 'adm-1', role: 'admin' }, side)).toBe(true);
    expect(mayReadDocumentViews({ id: 'fun-1', role: 'funder' }, side)).toBe(false);
    // A deal document whose uploader's account is gone: only admins.
    expect(mayReadDocumentViews({ id: 'dev-1', role: 'borrower' }, [null])).toBe(false);
  });

  it('countsAsInsight: the owner side reading its own file and admins are not counted', () => {
    const side = ['dev-1'];
    expect(countsAsInsight({ id: 'fun-1', role: 'funder' }, side)).toBe(true);
    expect(countsAsInsight({ id: 'dev-1', role: 'borrower' }, side)).toBe(false);
    expect(countsAsInsight({ id: 'adm-1', role: 'admin' }, side)).toBe(false);
    expect(countsAsInsight({ id: null, role: null }, side)).toBe(false);
  });

  it('summariseDocumentViews: views and downloads per reader, the latest time, the most recent reader first', () => {
    const count = (over: Partial<DocumentViewCount>): DocumentViewCount => ({
      viewer_id: 'f1',
      viewer_name: 'Frankie',
      company_name: 'Southern Cross Capital',
      kind: 'view',
      count: 1,
      last_at: '2026-11-20T01:00:00.000Z',
      ...over,
    });
    expect(
      summariseDocumentViews([
        count({ count: 3, last_at: '2026-11-20T01:00:00.000Z' }),
        count({ kind: 'download', count: 1, last_at: '2026-11-21T09:30:00.000Z' }),
        count({
          viewer_id: 'f2',
          viewer_name: 'Gale',
          company_name: null,
          count: 1,
          last_at: '2026-11-22T00:00:00.000Z',
        }),
      ]),
    ).toEqual([
      {
        viewer_name: 'Gale',
        company_name: null,
        views: 1,
        downloads: 0,
        last_viewed_at: '2026-11-22T00:00:00.000Z',
      },
      {
        viewer_name: 'Frankie',
        company_name: 'Southern Cross Capital',
        views: 3,
        downloads: 1,
        last_viewed_at: '2026-11-21T09:30:00.000Z',
      },
    ]);
    expect(summariseDocumentViews([])).toEqual([]);
  });

  it('fulfilDocumentRequestBody: a document id, or nothing (which the server refuses with its message)', () => {
    expect(fulfilDocumentRequestBody.parse(undefined)).toBeUndefined();
    // Fastify hands a request without a body over as null.
    expect(fulfilDocumentRequestBody.parse(null)).toBeNull();
    expect(fulfilDocumentRequestBody.parse({})).toEqual({});
    expect(fulfilDocumentRequestBody.safeParse({ document_id: 'x' }).success).toBe(false);
    expect(fulfilDocumentRequestBody.safeParse({ other: 1 }).success).toBe(false);
  });
});
