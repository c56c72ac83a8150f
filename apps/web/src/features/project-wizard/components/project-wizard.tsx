import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { projectMessages, stepIssues, wizardSteps } from '@plinth/domain/projects';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldErrors, toProjectFields } from '../utils/project-form-values';
import { BasicInfoStep } from './basic-info-step';
import { DetailsStep } from './details-step';
import { FinancialsStep } from './financials-step';
import type { ProjectForm } from './form-fields';
import classes from './project-wizard.module.css';

const stepDescriptions = [
  'The project, its address and the loan you are seeking.',
  'Costs, equity and expected returns.',
  'Size, planning, timing and risk.',
  'The documents funders need to assess the project.',
] as const;

const lastStep = wizardSteps.length - 1;

interface ProjectWizardProps {
  form: ProjectForm;
  /** The steps (0-based) whose rules Next checks: steps 1-3 on create, 1-2 on edit (spec 000 section 5). */
  validatedSteps: readonly number[];
  submitLabel: string;
  /** Saving or uploading: every control waits. */
  isBusy: boolean;
  serverError: string | null;
  /** Notices above the form: 'Draft restored', a rejection reason. */
  notice?: ReactNode;
  /** Create only: keeps the on-device draft now. */
  onSaveDraft?: () => void;
  onSubmit: () => void;
  documentsStep: ReactNode;
}

/**
 * The four-step project form shared by the create and edit pages: Previous/Next, per-step rules
 * from the domain with per-field messages and a banner, and the submit button on the last step.
 */
export function ProjectWizard({
  form,
  validatedSteps,
  submitLabel,
  isBusy,
  serverError,
  notice,
  onSaveDraft,
  onSubmit,
  documentsStep,
}: ProjectWizardProps) {
  const [active, setActive] = useState(0);
  const [blockedByNext, setIsBlocked] = useState(false);
  // The banner goes once the errors it speaks of are fixed (issue 37 item 14): a field's error clears
  // when it is edited, so with none left there is nothing to fix.
  const isBlocked = blockedByNext && Object.keys(form.errors).length > 0;
  const bannerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isBlocked || serverError)
      bannerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [isBlocked, serverError]);

  // A new step starts at its top, with focus on its heading for keyboard and screen-reader users.
  const shownStepRef = useRef(0);
  useEffect(() => {
    if (shownStepRef.current === active) return;
    shownStepRef.current = active;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [active]);

  /** Checks the given steps; shows the first failing one with its messages. */
  function checkSteps(steps: readonly number[]): boolean {
    const fields = toProjectFields(form.values);
    for (const step of steps) {
      if (!validatedSteps.includes(step)) continue;
      const issues = stepIssues(step, fields);
      if (issues.length > 0) {
        form.setErrors(fieldErrors(issues));
        setIsBlocked(true);
        setActive(step);
        return false;
      }
    }
    form.clearErrors();
    setIsBlocked(false);
    return true;
  }

  function next() {
    if (checkSteps([active])) setActive(Math.min(active + 1, lastStep));
  }

  function previous() {
    setIsBlocked(false);
    form.clearErrors();
    setActive(Math.max(active - 1, 0));
  }

  function submit() {
    // Every validated step again: a restored draft may never have passed through them.
    if (checkSteps(wizardSteps.map((_, i) => i))) onSubmit();
  }

  function handleFormSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    if (active < lastStep) next();
    else submit();
  }

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={(step) => {
          // Back to any earlier step; forward only through Next, which checks the step.
          if (step >= active) return;
          setIsBlocked(false);
          form.clearErrors();
          setActive(step);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ stepBody: classes.stepBody, steps: classes.steps, separator: classes.separator }}
      >
        {wizardSteps.map((label, i) => (
          <Stepper.Step key={label} label={label} aria-label={`Step ${i + 1}: ${label}`} />
        ))}
      </Stepper>
      {notice}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={handleFormSubmit} noValidate aria-labelledby="wizard-step-heading">
          <Stack gap="lg">
            <div>
              <Text fz="sm" c="gray.7">
                Step {active + 1} of {wizardSteps.length}
              </Text>
              <Title order={2} fz="xl" id="wizard-step-heading" ref={headingRef} tabIndex={-1}>
                {wizardSteps[active]}
              </Title>
              <Text c="gray.7">{stepDescriptions[active]}</Text>
            </div>
            {(isBlocked || serverError) && (
              <Alert ref={bannerRef} role="alert" color="red" variant="light" c="red.9">
                {isBlocked ? projectMessages.nextBlocked : serverError}
              </Alert>
            )}
            {active === 0 && <BasicInfoStep form={form} />}
            {active === 1 && <FinancialsStep form={form} />}
            {active === 2 && <DetailsStep form={form} />}
            {active === 3 && documentsStep}
            <Group justify="space-between" gap="sm" className={classes.actions}>
              <Group gap="sm">
                {active > 0 && (
                  <Button variant="default" onClick={previous} disabled={isBusy}>
                    Previous
                  </Button>
                )}
                {onSaveDraft && (
                  <Button variant="subtle" onClick={onSaveDraft} disabled={isBusy}>
                    Save Draft
                  </Button>
                )}
              </Group>
              {active < lastStep ? (
                <Button type="submit" disabled={isBusy} className={classes.primary}>
                  Next
                </Button>
              ) : (
                <Button type="submit" loading={isBusy} className={classes.primary}>
                  {submitLabel}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
