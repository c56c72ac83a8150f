import { Alert, Button, Group, List, Modal, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Deal } from '@plinth/domain/deals';
import {
  defaultValidUntil,
  proposalMessages,
  type QuoteIssue,
  type QuoteValues,
  quoteStepIssues,
  quoteWizardSteps,
  sydneyDate,
} from '@plinth/domain/proposals';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSubmitProposal } from '../api/submit-proposal';
import { ProposalFigures } from './proposal-figures';
import classes from './quote-wizard.module.css';
import { ConditionsStep, FeesStep, LoanTermsStep, type StepFieldsProps } from './quote-wizard-steps';

interface QuoteWizardProps {
  deal: Deal;
  opened: boolean;
  onClose: () => void;
}

/** The wizard starts from what the developer asked for, valid for 14 days from today (Sydney). */
const initialValues = (deal: Deal, today: string): QuoteValues => ({
  loan_amount: deal.project.loan_amount,
  interest_rate: deal.project.interest_rate,
  loan_term: deal.project.loan_term,
  establishment_fee: null,
  other_fees: null,
  conditions: null,
  valid_until: defaultValidUntil(today),
});

type FieldErrors = Partial<Record<keyof QuoteValues, string>>;
const errorsOf = (issues: QuoteIssue[]): FieldErrors =>
  Object.fromEntries(issues.map((issue) => [issue.field, issue.message]));

const REVIEW_STEP = quoteWizardSteps.length - 1;

/**
 * The funder's four-step quote wizard (spec 000 section 5): Loan Terms, Fees, Conditions, Review.
 * Each Next checks its step with the domain's rules; Review rechecks everything before sending.
 */
export function QuoteWizard({ deal, opened, onClose }: QuoteWizardProps) {
  const isMobile = useIsMobile();
  const submit = useSubmitProposal(deal.id);
  const [today, setToday] = useState(sydneyDate);
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<QuoteValues>(() => initialValues(deal, today));
  const [errors, setErrors] = useState<FieldErrors>({});

  const reset = () => {
    const now = sydneyDate();
    setToday(now);
    setActive(0);
    setValues(initialValues(deal, now));
    setErrors({});
  };
  const close = () => {
    if (submit.isPending) return;
    onClose();
    reset();
  };

  const change: StepFieldsProps['onChange'] = (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** The step's issues as field errors and the spec's notice; true when the step is valid. */
  const check = (step: number) => {
    const issues = quoteStepIssues(step, values, sydneyDate());
    setErrors(errorsOf(issues));
    if (issues.length === 0) return true;
    notifications.show({
      color: 'red',
      title: proposalMessages.validationErrorTitle,
      message: proposalMessages.validationError,
    });
    return false;
  };

  const next = () => {
    if (check(active)) setActive((s) => Math.min(s + 1, REVIEW_STEP));
  };

  const send = () => {
    if (!check(REVIEW_STEP)) return;
    submit.mutate(
      {
        loan_amount: values.loan_amount ?? 0,
        interest_rate: values.interest_rate ?? 0,
        loan_term: values.loan_term ?? 0,
        establishment_fee: values.establishment_fee ?? 0,
        other_fees: values.other_fees?.trim() || null,
        conditions: values.conditions?.trim() || null,
        valid_until: values.valid_until || null,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: proposalMessages.submittedTitle,
            message: proposalMessages.submitted,
          });
          onClose();
          reset();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: proposalMessages.submitFailedTitle,
            message: error.message || proposalMessages.submitFailedTitle,
          }),
      },
    );
  };

  const fields = { values, errors, today, onChange: change };
  const reviewIssues = Object.values(errors);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Submit Indicative Quote"
      size="xl"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="lg">
        <Stepper
          active={active}
          onStepClick={(step) => step < active && setActive(step)}
          allowNextStepsSelect={false}
          size="sm"
          classNames={{ stepBody: classes.stepBody, step: classes.step }}
        >
          {quoteWizardSteps.map((label, index) => (
            // Named even on a phone, where the label is hidden.
            <Stepper.Step key={label} label={label} aria-label={`Step ${index + 1}: ${label}`} />
          ))}
        </Stepper>
        <Text fw={700} aria-live="polite">
          Step {active + 1} of {quoteWizardSteps.length}: {quoteWizardSteps[active]}
        </Text>

        {active === 0 && <LoanTermsStep {...fields} />}
        {active === 1 && <FeesStep {...fields} />}
        {active === 2 && <ConditionsStep {...fields} />}
        {active === REVIEW_STEP && (
          <Stack gap="md">
            {reviewIssues.length > 0 && (
              <Alert color="red" variant="light" c="red.9" title={proposalMessages.validationErrorTitle}>
                <List size="sm">
                  {reviewIssues.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {reviewIssues.length === 0 &&
              values.loan_amount != null &&
              values.interest_rate != null &&
              values.loan_term != null && (
                <ProposalFigures
                  quote={{
                    loan_amount: values.loan_amount,
                    interest_rate: values.interest_rate,
                    loan_term: values.loan_term,
                    establishment_fee: values.establishment_fee ?? 0,
                    other_fees: values.other_fees?.trim() || null,
                    conditions: values.conditions?.trim() || null,
                    valid_until: values.valid_until || null,
                  }}
                />
              )}
          </Stack>
        )}

        <Group justify="space-between">
          <Button variant="default" onClick={() => (active === 0 ? close() : setActive(active - 1))}>
            {active === 0 ? 'Cancel' : 'Back'}
          </Button>
          {active < REVIEW_STEP ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button onClick={send} loading={submit.isPending}>
              Submit Quote
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
