import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ProjectDocument } from '@plinth/domain/documents';
import { canEditListing } from '@plinth/domain/listing';
import type { ProjectResponse } from '@plinth/domain/projects';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useResubmitProject } from '../api/resubmit-project';
import { useUpdateProject } from '../api/update-project';
import { type PendingFile, pendingDocuments, useUploadDocuments } from '../api/upload-documents';
import { formValuesFromProject, type ProjectFormValues, toProjectFields } from '../utils/project-form-values';
import { DocumentsStep } from './documents-step';
import { ProjectWizard } from './project-wizard';

// On the edit wizard Next checks steps 1 and 2 only (spec 000 section 5); the server checks all.
const editValidatedSteps = [0, 1] as const;

const projectSavedMessages = {
  updated: 'Your project has been updated successfully!',
  resubmitted: 'Your project has been updated and resubmitted for admin review.',
} as const;

interface EditProjectWizardProps {
  project: ProjectResponse;
  /** ?resubmit=true: send a rejected project back for review after saving. */
  isResubmitRequested: boolean;
  /** The project's stored documents, loaded by the route. */
  documents: { list: ProjectDocument[]; isLoading: boolean };
}

/**
 * /project/{id}/edit: the wizard on a saved project. Save Changes stores the fields, then uploads
 * any new files (a failed upload is only logged, as the spec says), then resubmits when asked and
 * the project was rejected.
 */
export function EditProjectWizard({ project, isResubmitRequested, documents }: EditProjectWizardProps) {
  const navigate = useNavigate();
  const form = useForm<ProjectFormValues>({ initialValues: formValuesFromProject(project) });
  const updateProject = useUpdateProject();
  const resubmitProject = useResubmitProject();
  const { uploads, uploadAll, isUploading } = useUploadDocuments();
  const [pending, setPending] = useState<Record<string, PendingFile>>({});
  const [isDone, setIsDone] = useState(false);

  const isRejected = project.submission_status === 'rejected';
  const isResubmit = isResubmitRequested && isRejected;

  async function save() {
    try {
      await updateProject.mutateAsync({ id: project.id, fields: toProjectFields(form.getValues()) });
    } catch {
      return; // The banner shows the server's message.
    }
    const files = pendingDocuments(pending);
    if (files.length > 0) {
      const outcome = await uploadAll(project.id, files);
      for (const failure of outcome.failed)
        console.warn(`Upload of ${failure.file.name} (${failure.documentType}) failed: ${failure.error}`);
    }
    if (isResubmit) {
      try {
        await resubmitProject.mutateAsync(project.id);
      } catch {
        return; // Saved, but not resubmitted: the banner says why.
      }
    }
    setIsDone(true);
    notifications.show({
      color: 'green',
      title: isResubmit ? 'Project resubmitted' : 'Project updated',
      message: isResubmit ? projectSavedMessages.resubmitted : projectSavedMessages.updated,
    });
    navigate(`/project/${project.id}`);
  }

  if (!canEditListing(project))
    return (
      <Alert
        color="yellow"
        variant="light"
        title="This project cannot be edited now"
        styles={{ title: { color: 'var(--mantine-color-yellow-9)' } }}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm" c="dark">
            A project can be edited while it is a draft, or after an admin has rejected it. This one is{' '}
            {project.status_label.toLowerCase()}.
          </Text>
          <Button component={Link} to={`/project/${project.id}`} size="xs" variant="light">
            Back to the project
          </Button>
        </Stack>
      </Alert>
    );

  const isBusy = updateProject.isPending || isUploading || resubmitProject.isPending || isDone;
  const serverError = updateProject.error?.message ?? resubmitProject.error?.message ?? null;

  return (
    <ProjectWizard
      form={form}
      validatedSteps={editValidatedSteps}
      submitLabel={isResubmit ? 'Save and Resubmit' : 'Save Changes'}
      isBusy={isBusy}
      serverError={serverError}
      onSubmit={() => void save()}
      notice={
        isRejected &&
        project.last_rejection_reason && (
          <Alert
            color="orange"
            variant="light"
            title="Rejected by the admin team"
            styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}
          >
            <Text fz="sm" c="dark">
              {project.last_rejection_reason}
              {project.rejection_date && ` (${formatDate(project.rejection_date)})`}
            </Text>
            {isResubmit && (
              <Text fz="sm" c="dark" mt={4}>
                Make your changes, then choose Save and Resubmit on the last step to send it for review again.
              </Text>
            )}
          </Alert>
        )
      }
      documentsStep={
        <DocumentsStep
          pending={pending}
          onPendingChange={setPending}
          uploads={uploads}
          existing={documents.list}
          isExistingLoading={documents.isLoading}
          disabled={isBusy}
        />
      }
    />
  );
}
