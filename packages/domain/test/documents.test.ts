import { describe, expect, it } from 'vitest';
import {
  allowedDocumentExtensions,
  areDocumentsComplete,
  DEAL_FILE_MAX_BYTES,
  displayFileName,
  documentAccept,
  documentIdParams,
  documentMessages,
  documentMimeTypes,
  documentRequestMessages,
  documentTypeLabel,
  documentTypeSchema,
  extensionOf,
  isAllowedExtension,
  isPreviewable,
  MAX_FILES_PER_UPLOAD,
  missingDocumentTypes,
  PROJECT_FILE_MAX_BYTES,
} from '../src/documents';

describe('document limits and messages', () => {
  it('PROJECT_FILE_MAX_BYTES: is 50MB (50 x 1024 x 1024 bytes)', () => {
    expect(PROJECT_FILE_MAX_BYTES).toBe(52_428_800);
  });

  it('DEAL_FILE_MAX_BYTES: is 10MB (10 x 1024 x 1024 bytes)', () => {
    expect(DEAL_FILE_MAX_BYTES).toBe(10_485_760);
  });

  it('MAX_FILES_PER_UPLOAD: is 20, and the refusal names it', () => {
    expect(MAX_FILES_PER_UPLOAD).toBe(20);
    expect(documentRequestMessages.tooManyFiles).toBe('At most 20 files can be uploaded at once');
  });

  it('allowedDocumentExtensions: are pdf, doc, docx, xls, xlsx, jpg, jpeg and png (spec 000 section 5)', () => {
    expect(allowedDocumentExtensions).toEqual(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png']);
  });

  it("documentMessages.tooLarge: with 50 says 'Maximum file size is 50MB', with 10 '…10MB'", () => {
    expect(documentMessages.tooLarge(50)).toBe('Maximum file size is 50MB');
    expect(documentMessages.tooLarge(10)).toBe('Maximum file size is 10MB');
  });

  it('documentMessages: the spec-quoted texts are exact', () => {
    expect(documentMessages.tooLargeTitle).toBe('File Too Large');
    expect(documentMessages.uploadIssueTitle).toBe('Document Upload Issue');
    expect(documentMessages.uploadIssue).toBe('Some documents failed to upload. You can add them later.');
    expect(documentMessages.previewUnavailable).toBe('Preview not available for this file type');
  });

  it('documentMessages.typeNotAllowed: lists every accepted type', () => {
    expect(documentMessages.typeNotAllowed).toBe(
      'File type not allowed. Accepted: PDF, DOC, DOCX, XLS, XLSX, JPG, JPEG, PNG',
    );
    for (const ext of allowedDocumentExtensions)
      expect(documentMessages.typeNotAllowed).toContain(ext.toUpperCase());
  });

  it('documentAccept: lists every accepted extension with a dot, for an upload control', () => {
    expect(documentAccept).toBe('.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png');
  });
});

describe('extensionOf and isAllowedExtension', () => {
  it.each([
    ['feasibility.pdf', 'pdf'],
    ['Plans.PDF', 'pdf'],
    ['cost report.v2.XLSX', 'xlsx'],
    ['archive.tar.gz', 'gz'],
    ['photo.JpEg', 'jpeg'],
  ])("extensionOf: '%s' returns '%s' (last extension, lower-cased)", (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it.each(['README', 'file.', 'file.pdf ', 'file.p-f', ''])(
    "extensionOf: '%s' has no extension and returns ''",
    (name) => {
      expect(extensionOf(name)).toBe('');
    },
  );

  it.each([...allowedDocumentExtensions])(
    'isAllowedExtension: a .%s file is accepted, in either case',
    (ext) => {
      expect(isAllowedExtension(`document.${ext}`)).toBe(true);
      expect(isAllowedExtension(`DOCUMENT.${ext.toUpperCase()}`)).toBe(true);
    },
  );

  it.each(['malware.exe', 'image.gif', 'report.pdf.exe', 'notes.txt', 'README', 'pdf'])(
    "isAllowedExtension: '%s' is refused",
    (name) => {
      expect(isAllowedExtension(name)).toBe(false);
    },
  );
});

describe('isPreviewable', () => {
  it('isPreviewable: a PDF mime type is shown inline', () => {
    expect(isPreviewable('application/pdf')).toBe(true);
    expect(isPreviewable('application/x-pdf')).toBe(true);
  });

  it('isPreviewable: images, Word and Excel files are not previewed', () => {
    expect(isPreviewable('image/png')).toBe(false);
    expect(isPreviewable('image/jpeg')).toBe(false);
    expect(isPreviewable(documentMimeTypes.docx)).toBe(false);
    expect(isPreviewable(documentMimeTypes.xls)).toBe(false);
    expect(isPreviewable('')).toBe(false);
  });
});

describe('documentMimeTypes', () => {
  it('documentMimeTypes: each accepted extension maps to its standard mime type', () => {
    expect(documentMimeTypes).toEqual({
      pdf: 'application/pdf',
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      doc: 'application/msword',
      xls: 'application/vnd.ms-excel',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('documentMimeTypes: only the pdf mime type is previewable', () => {
    const previewable = allowedDocumentExtensions.filter((e) => isPreviewable(documentMimeTypes[e]));
    expect(previewable).toEqual(['pdf']);
  });
});

describe('document types', () => {
  it.each([
    ['quantity_surveyor_report', 'Quantity Surveyor Report'],
    ['title_search', 'Title Search'],
    ['feasibility', 'Feasibility'],
    ['development_approval_or_planning_permit', 'Development Approval Or Planning Permit'],
  ])("documentTypeLabel: '%s' returns '%s'", (key, label) => {
    expect(documentTypeLabel(key)).toBe(label);
  });

  it.each(['title_search', 'feasibility', 'plan_2', 'a'.repeat(60)])(
    "documentTypeSchema: accepts '%s'",
    (key) => {
      expect(documentTypeSchema.safeParse(key).success).toBe(true);
    },
  );

  it.each(['Title Search', 'Title_search', '_title', 'title_', 'title__search', 'title-search', ''])(
    "documentTypeSchema: refuses '%s' with 'Unknown document type'",
    (key) => {
      const result = documentTypeSchema.safeParse(key);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Unknown document type');
    },
  );

  it('documentTypeSchema: refuses a key longer than 60 characters', () => {
    expect(documentTypeSchema.safeParse('a'.repeat(61)).success).toBe(false);
  });

  it("documentIdParams: refuses an id that is not a UUID with 'Invalid id' (decision 080)", () => {
    const result = documentIdParams.safeParse({ id: 'not-a-uuid' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid id');
    expect(documentIdParams.safeParse({ id: '3f2b8c1e-5d4a-4e7b-9c2d-1a0b9e8f7d6c' }).success).toBe(true);
  });
});

describe('missingDocumentTypes and areDocumentsComplete', () => {
  const required = ['feasibility_study', 'architectural_plans', 'title_search'];

  it('missingDocumentTypes: with none uploaded returns every required type, in configured order', () => {
    expect(missingDocumentTypes(required, [])).toEqual(required);
  });

  it('missingDocumentTypes: with some uploaded returns the rest, in configured order', () => {
    expect(missingDocumentTypes(required, ['title_search', 'other_document'])).toEqual([
      'feasibility_study',
      'architectural_plans',
    ]);
  });

  it('missingDocumentTypes: accepts any iterable, such as a Set of present types', () => {
    expect(missingDocumentTypes(required, new Set(['feasibility_study']))).toEqual([
      'architectural_plans',
      'title_search',
    ]);
  });

  it('areDocumentsComplete: true only when every required type has a document', () => {
    expect(areDocumentsComplete(required, required)).toBe(true);
    expect(areDocumentsComplete(required, [...required, 'extra', 'title_search'])).toBe(true);
    expect(areDocumentsComplete(required, required.slice(1))).toBe(false);
    expect(areDocumentsComplete(required, [])).toBe(false);
  });

  it('areDocumentsComplete: with no required types is complete', () => {
    expect(areDocumentsComplete([], [])).toBe(true);
  });
});

describe('displayFileName', () => {
  it('displayFileName: an ordinary name is kept as it is', () => {
    expect(displayFileName('Feasibility Study v2.pdf')).toBe('Feasibility Study v2.pdf');
  });

  it("displayFileName: a path keeps only its last segment ('../../etc/passwd.pdf' → 'passwd.pdf')", () => {
    expect(displayFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(displayFileName('C:\\Users\\dev\\plans.pdf')).toBe('plans.pdf');
  });

  it('displayFileName: control characters are removed and surrounding spaces trimmed', () => {
    expect(displayFileName('  re\u0000po\u001frt\r\n.pdf\u007f  ')).toBe('report.pdf');
  });

  it("displayFileName: an empty name, '.', '..' or a bare folder becomes 'document'", () => {
    for (const raw of ['', '   ', '.', '..', 'folder/', '\u0001'])
      expect(displayFileName(raw)).toBe('document');
  });

  it('displayFileName: a lone surrogate is replaced with U+FFFD; a whole pair is kept', () => {
    expect(displayFileName('a\uD800b.pdf')).toBe('a\uFFFDb.pdf');
    expect(displayFileName('a\uDC00.pdf')).toBe('a\uFFFD.pdf');
    expect(displayFileName('plan 😀.pdf')).toBe('plan 😀.pdf');
  });

  it('displayFileName: a name of exactly 255 characters is kept', () => {
    const name = `${'a'.repeat(251)}.pdf`;
    expect(displayFileName(name)).toBe(name);
  });

  it('displayFileName: a longer name is cut to 255 characters, keeping its extension', () => {
    const result = displayFileName(`${'a'.repeat(300)}.pdf`);
    expect(result).toHaveLength(255);
    expect(result).toBe(`${'a'.repeat(251)}.pdf`);
  });

  it('displayFileName: a long name without an extension is cut to 255 characters', () => {
    expect(displayFileName('b'.repeat(400))).toBe('b'.repeat(255));
  });

  it('displayFileName: a long name with an absurdly long extension is still at most 255 characters', () => {
    const result = displayFileName(`a.${'b'.repeat(300)}`);
    expect(result).toBe(`a.${'b'.repeat(253)}`);
  });

  it('displayFileName: cutting a long name never leaves half of a surrogate pair', () => {
    // 250 letters, then emoji (two UTF-16 units each): the cut at 251 falls inside the first emoji.
    const result = displayFileName(`${'x'.repeat(250)}${'😀'.repeat(10)}.pdf`);
    expect(result).toBe(`${'x'.repeat(250)}.pdf`);
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // The result can go into a Content-Disposition header (encodeURIComponent throws on a lone surrogate).
    expect(() => encodeURIComponent(result)).not.toThrow();
  });
});

describe('documentRequestMessages', () => {
  it('documentRequestMessages: say what is wrong in words a person understands', () => {
    expect(documentRequestMessages).toEqual({
      noFiles: 'Choose at least one file to upload',
      documentTypesInvalid:
        'document_types must be a JSON list with one document type per file, in file order',
      duplicateType: 'Each document type can be uploaded once per request',
      notMultipart: 'Send the files as multipart/form-data',
      malformedUpload: 'The upload could not be read. Please try again',
      tooManyFiles: 'At most 20 files can be uploaded at once',
      notEditable: 'Documents can be changed only while the project is a draft or after rejection',
      documentNotFound: 'Document not found',
    });
  });
});
