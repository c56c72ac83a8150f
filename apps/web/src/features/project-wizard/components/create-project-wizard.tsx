import { Alert, Button, Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { documentMessages } from '@plinth/domain/documents';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useCreateProject } from '../api/create-project';
import { type PendingFile, pendingDocuments, useUploadDocuments } from '../api/upload-documents';
import { readProjectDraft, useProjectDraft } from '../hooks/use-project-draft';
import { emptyProjectForm, type ProjectFormValues, toProjectFields } from '../utils/project-form-values';
import { DocumentsStep } from './documents-step';
import { ProjectWizard } from './project-wizard';

const createValidatedSteps = [0, 1, 2] as const;
const UPLOAD_RESULT_PAUSE_MS = 600;

/**
 * /create-project: the wizard on an empty form (or the draft kept on this device). Create Project
 * saves the project first, then uploads each chosen file; a failed upload leaves the project in
 * place with a warning, and the developer goes to the new project's page either way.
 */
export function CreateProjectWizard() {
  const navigate = useNavigate();
  const [restored] = useState(readProjectDraft);
  const [isRestoredNoticeShown, setIsRestoredNoticeShown] = useState(restored !== null);
  const form = useForm<ProjectFormValues>({ initialValues: restored?.values ?? emptyProjectForm });
  const draft = useProjectDraft(form.values);
  const createProject = useCreateProject();
  const { uploads, uploadAll, isUploading } = useUploadDocuments();
  const [pending, setPending] = useState<Record<string, PendingFile>>({});

  function saveDraft() {
    const isSaved = draft.saveNow(form.getValues());
    notifications.show(
      isSaved
        ? {
            color: 'green',
            title: 'Draft saved',
            message: 'Your project is saved on this device. Uploaded files are not part of the draft.',
          }
        : {
            color: 'red',
            title: 'Draft not saved',
            message: 'This browser does not allow saving on this device.',
          },
    );
  }

  function startOver() {
    draft.discard();
    form.setValues(emptyProjectForm);
    form.clearErrors();
    setIsRestoredNoticeShown(false);
  }

  async function create() {
    let projectId: string;
    try {
      projectId = (await createProject.mutateAsync(toProjectFields(form.getValues()))).id;
    } catch {
      return; // The banner shows the server's message.
    }
    draft.clear();
    const files = pendingDocuments(pending);
    if (files.length > 0) {
      const outcome = await uploadAll(projectId, files);
      // A moment to see every bar finish before the page changes.
      await new Promise((resolve) => window.setTimeout(resolve, UPLOAD_RESULT_PAUSE_MS));
      if (outcome.failed.length > 0)
        notifications.show({
          color: 'yellow',
          title: documentMessages.uploadIssueTitle,
          message: documentMessages.uploadIssue,
        });
    }
    notifications.show({
      color: 'green',
      title: 'Project created',
      message: 'Your project is saved as a draft.',
    });
    navigate(`/project/${projectId}`);
  }

  const isBusy = createProject.isPending || isUploading || createProject.isSuccess;

  return (
    <ProjectWizard
      form={form}
      validatedSteps={createValidatedSteps}
      submitLabel="Create Project"
      isBusy={isBusy}
      serverError={createProject.error?.message ?? null}
      onSaveDraft={saveDraft}
      onSubmit={() => void create()}
      notice={
        restored &&
        isRestoredNoticeShown && (
          <Alert
            color="blue"
            variant="light"
            title="Draft restored"
            styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}
            icon={<IconInfoCircle aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setIsRestoredNoticeShown(false)}
          >
            <Group justify="space-between" gap="xs">
              <Text fz="sm">
                We restored the project you were working on, saved on this device on{' '}
                {formatDateTime(restored.savedAt)}. Files are not kept in a draft.
              </Text>
              <Button size="xs" variant="subtle" color="blue" c="blue.9" onClick={startOver}>
                Start over
              </Button>
            </Group>
          </Alert>
        )
      }
      documentsStep={
        <DocumentsStep pending={pending} onPendingChange={setPending} uploads={uploads} disabled={isBusy} />
      }
    />
  );
}
