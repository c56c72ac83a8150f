import { describe, expect, it } from 'vitest';
import {
  type DataRoomReport,
  type DataRoomReportFunder,
  dataRoomReportCsvHeader,
  dataRoomReportCsvRows,
  dataRoomReportFileName,
  dataRoomReportResponse,
  quoteStateLabel,
  reportDateTime,
  reportDisplayDateTime,
  spreadsheetText,
  undertakingNameCheck,
} from '../src/data-room-report';

// 04:05 UTC on 27 November 2026 is 15:05 in Sydney (daylight saving, UTC+11); 1 June is UTC+10.
const funder = (over: Partial<DataRoomReportFunder> = {}): DataRoomReportFunder => ({
  funder_id: 'f1',
  funder_name: 'Frankie Funder',
  company_name: 'Test Capital',
  email: 'frankie@example.com',
  access_status: 'due_diligence',
  requested_at: '2026-06-01T00:30:00.000Z',
  undertaking: {
    full_name: 'Frankie Funder',
    account_name: 'Frankie Funder',
    name_differs: false,
    company_name: 'Test Capital Pty Ltd',
    version: 2,
    accepted_at: '2026-06-01T00:31:00.000Z',
  },
  documents: [],
  quotes: [],
  ...over,
});

const report = (funders: DataRoomReportFunder[]): DataRoomReport => ({
  project_id: 'p1',
  project_title: 'Harbour View Terraces',
  generated_at: '2026-11-27T04:05:00.000Z',
  funders,
  truncated: false,
});

const funderColumns = [
  'Frankie Funder',
  'Test Capital',
  'frankie@example.com',
  'Due Diligence',
  '01/06/2026, 10:30',
  'Frankie Funder',
  'Same as the account name',
  'Test Capital Pty Ltd',
  '2',
  '01/06/2026, 10:31',
];

describe('data-room report CSV', () => {
  it('reportDateTime: en-AU day/month/year and 24-hour time in Sydney, daylight saving included', () => {
    expect(reportDateTime('2026-11-27T04:05:00.000Z')).toBe('27/11/2026, 15:05');
    expect(reportDateTime('2026-06-01T00:30:00.000Z')).toBe('01/06/2026, 10:30');
    expect(reportDisplayDateTime('2026-11-27T04:05:00.000Z')).toBe('27 Nov 2026, 3:05 pm AEDT');
    expect(reportDisplayDateTime('2026-06-01T00:30:00.000Z')).toBe('1 June 2026, 10:30 am AEST');
  });

  it('dataRoomReportCsvRows: the header, then one row per document opened and one per quote, funder columns on each', () => {
    const rows = dataRoomReportCsvRows(
      report([
        funder({
          documents: [
            {
              document_id: 'd1',
              source: 'project',
              file_name: 'Feasibility.pdf',
              document_type: 'feasibility_study',
              view_only: true,
              views: 3,
              downloads: 0,
              last_at: '2026-11-27T04:05:00.000Z',
            },
            {
              document_id: 'd2',
              source: 'deal',
              file_name: 'Cost plan.xlsx',
              document_type: null,
              view_only: false,
              views: 1,
              downloads: 2,
              last_at: '2026-11-26T23:00:00.000Z',
            },
          ],
          quotes: [
            {
              id: 'q2',
              loan_amount: 2_400_000.4,
              interest_rate: 9.25,
              loan_term: 18,
              status: 'pending',
              expired: false,
              created_at: '2026-11-27T04:05:00.000Z',
              responded_at: null,
            },
            {
              id: 'q1',
              loan_amount: 2_500_000,
              interest_rate: 10,
              loan_term: 12,
              status: 'declined',
              expired: false,
              created_at: '2026-11-20T01:00:00.000Z',
              responded_at: '2026-11-21T02:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    expect(rows[0]).toEqual([...dataRoomReportCsvHeader]);
    expect(rows[0]).toEqual([
      'Funder',
      'Funder company',
      'Funder email',
      'Access status',
      'Access requested',
      'Undertaking signed by',
      'Undertaking name check',
      'Undertaking company',
      'Undertaking version',
      'Undertaking accepted',
      'Record',
      'Document',
      'Document source',
      'Document type',
      'View only',
      'Views',
      'Downloads',
      'Last opened',
      'Quote amount',
      'Interest rate',
      'Loan term (months)',
      'Quote status',
      'Quote sent',
      'Quote answered',
    ]);
    const noQuote = ['', '', '', '', '', ''];
    const noDocument = ['', '', '', '', '', '', ''];
    expect(rows.slice(1)).toEqual([
      [
        ...funderColumns,
        'Document',
        'Feasibility.pdf',
        'Project file',
        'Feasibility Study',
        'Yes',
        '3',
        '0',
        '27/11/2026, 15:05',
        ...noQuote,
      ],
      [
        ...funderColumns,
        'Document',
        'Cost plan.xlsx',
        'Deal room',
        '',
        'No',
        '1',
        '2',
        '27/11/2026, 10:00',
        ...noQuote,
      ],
      [
        ...funderColumns,
        'Quote',
        ...noDocument,
        '$2,400,000',
        '9.25%',
        '18',
        'Pending',
        '27/11/2026, 15:05',
        '',
      ],
      [
        ...funderColumns,
        'Quote',
        ...noDocument,
        '$2,500,000',
        '10%',
        '12',
        'Declined',
        '20/11/2026, 12:00',
        '21/11/2026, 13:00',
      ],
    ]);
    for (const row of rows) expect(row).toHaveLength(dataRoomReportCsvHeader.length);
  });

  it('dataRoomReportCsvRows: a funder who opened nothing keeps one row; no undertaking or e-mail leaves those cells empty', () => {
    const rows = dataRoomReportCsvRows(
      report([funder({ access_status: 'revoked', undertaking: null, email: null, company_name: null })]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      'Frankie Funder',
      '',
      '',
      'Access revoked',
      '01/06/2026, 10:30',
      '',
      '',
      '',
      '',
      '',
      'None',
      ...Array(13).fill(''),
    ]);
    expect(dataRoomReportCsvRows(report([]))).toEqual([[...dataRoomReportCsvHeader]]);
  });

  it("undertakingNameCheck: a name that is not the account's is said so, beside the account holder's", () => {
    const [, , differs] = dataRoomReportCsvRows(
      report([
        funder(),
        funder({
          funder_name: 'Mallory Funder',
          undertaking: {
            full_name: '=Dana Developer',
            account_name: 'Mallory Funder',
            name_differs: true,
            company_name: null,
            version: 2,
            accepted_at: '2026-06-01T00:31:00.000Z',
          },
        }),
      ]),
    );
    const column = dataRoomReportCsvHeader.indexOf('Undertaking name check');
    // What the signer typed never starts a cell, so never a formula.
    expect(differs![column - 1]).toBe("'=Dana Developer");
    expect(differs![column]).toBe(
      "Signed as '=Dana Developer' by account holder Mallory Funder (name differs from the account)",
    );
    expect(undertakingNameCheck({ full_name: 'Frankie Funder', account_name: null })).toBe(
      'Account name not recorded',
    );
  });

  it('spreadsheetText: text a person typed never starts a formula', () => {
    expect(spreadsheetText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(spreadsheetText(`${lead}1`)).toBe(`'${lead}1`);
    expect(spreadsheetText('Plain name.pdf')).toBe('Plain name.pdf');
    expect(spreadsheetText(null)).toBe('');
    const [, row] = dataRoomReportCsvRows(report([funder({ funder_name: '@evil', company_name: '=1+1' })]));
    expect(row!.slice(0, 2)).toEqual(["'@evil", "'=1+1"]);
  });

  it('quoteStateLabel: an unanswered quote past its date reads Expired; answered ones keep their state', () => {
    expect(quoteStateLabel({ status: 'pending', expired: false })).toBe('Pending');
    expect(quoteStateLabel({ status: 'pending', expired: true })).toBe('Expired');
    expect(quoteStateLabel({ status: 'accepted', expired: true })).toBe('Accepted');
    expect(quoteStateLabel({ status: 'declined', expired: false })).toBe('Declined');
  });

  it("dataRoomReportFileName: the title's ASCII words and the Sydney day", () => {
    // 14:30 UTC on 27 November is already the 28th in Sydney.
    expect(dataRoomReportFileName('Harbour View Terraces', new Date('2026-11-27T14:30:00Z'))).toBe(
      'data-room-report-harbour-view-terraces-2026-11-28.csv',
    );
    expect(dataRoomReportFileName('Café "Rue" / Stage #2', new Date('2026-11-27T01:00:00Z'))).toBe(
      'data-room-report-cafe-rue-stage-2-2026-11-27.csv',
    );
    expect(dataRoomReportFileName('***', new Date('2026-11-27T01:00:00Z'))).toBe(
      'data-room-report-2026-11-27.csv',
    );
  });

  it('dataRoomReportResponse: the schema accepts a report and refuses an unknown access status', () => {
    expect(dataRoomReportResponse.safeParse(report([funder()])).success).toBe(true);
    const bad = report([{ ...funder(), access_status: 'lost' as never }]);
    expect(dataRoomReportResponse.safeParse(bad).success).toBe(false);
  });
});
