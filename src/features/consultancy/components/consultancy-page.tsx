import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CONSULTATION_GOALS,
  CONSULTATION_HOURS,
  EXPERIENCE_LEVELS,
  shopToday,
} from '../../../../contract/engagement-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSendForm } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useBookConsultation } from '../api/book-consultation.ts';
import styles from './consultancy-page.module.css';
import { SelectField } from './select-field.tsx';

const loadConsultationBody = () =>
  import('../../../../contract/engagement.ts').then((rules) => rules.consultationBody);

const STEPS = [
  {
    title: msg`Tell us your goal`,
    text: msg`Build muscle, lean out, train for a race or simply feel better — share where you are and where you want to be.`,
  },
  {
    title: msg`Talk to a coach`,
    text: msg`A 30-minute video or phone call with one of our certified coaches or our registered dietitian. Free, no strings attached.`,
  },
  {
    title: msg`Get your plan`,
    text: msg`A written summary with what to take, when and how much — and what you can skip. Only what your goal needs.`,
  },
];

/** The contract's choices (their values are what the API takes), labelled in the page's language. */
const GOAL_LABELS: Record<(typeof CONSULTATION_GOALS)[number]['value'], MessageDescriptor> = {
  'build-muscle': msg`Build muscle`,
  'lose-weight': msg`Lose weight`,
  'improve-performance': msg`Improve performance`,
  endurance: msg`Endurance`,
  'general-health': msg`General health`,
};

const LEVEL_LABELS: Record<(typeof EXPERIENCE_LEVELS)[number]['value'], MessageDescriptor> = {
  beginner: msg`Beginner`,
  intermediate: msg`Intermediate`,
  advanced: msg`Advanced`,
};

export function ConsultancyPage() {
  const { i18n } = useLingui();
  const opens = CONSULTATION_HOURS.opens;
  const closes = CONSULTATION_HOURS.closes;
  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="consultancy-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>
            <Trans>Free consultation</Trans>
          </p>
          <h1 id="consultancy-title" className={styles.title}>
            <Trans>Your supplements, planned by a coach</Trans>
          </h1>
          <p className={styles.lede}>
            <Trans>
              Stop guessing at the supplement shelf. Book a free 30-minute consultation and leave
              with a plan built around your training, your diet and your budget.
            </Trans>
          </p>
          <a href="#book" className={styles.cta}>
            <Trans>Book your free consultation</Trans>
          </a>
        </div>
      </section>
      <section className={styles.steps} aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={styles.sectionTitle}>
          <Trans>How it works</Trans>
        </h2>
        <ol className={styles.stepList}>
          {STEPS.map((step, index) => (
            <li key={step.title.id} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{i18n._(step.title)}</h3>
              <p>{i18n._(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section id="book" className={styles.book} aria-labelledby="book-title" tabIndex={-1}>
        <div className={styles.bookIntro}>
          <h2 id="book-title" className={styles.sectionTitle}>
            <Trans>Book a consultation</Trans>
          </h2>
          <p>
            <Trans>
              Pick a day and a time that suits you between {opens} and {closes} Eastern time. We
              confirm by e-mail within one business day.
            </Trans>
          </p>
        </div>
        <BookingForm />
      </section>
    </main>
  );
}

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  goal: '',
  experienceLevel: '',
  preferredDate: '',
  preferredTime: '',
  message: '',
};

function tomorrow(): string {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

export function BookingForm() {
  const { t, i18n } = useLingui();
  const form = useSchemaForm(loadConsultationBody, EMPTY);
  const book = useBookConsultation();
  const {
    failure,
    onSubmit,
    sent: booked,
    sentRef,
    again,
  } = useSendForm(form, book, {
    sent: t`Your consultation request is booked! We have e-mailed you a confirmation and will contact you to confirm the time.`,
    failed: t`Your consultation could not be booked. Please try again.`,
  });

  if (booked) {
    return (
      <div className={styles.card} ref={sentRef} tabIndex={-1}>
        <h3 className={styles.cardTitle}>
          <Trans>You are booked in</Trans>
        </h3>
        <p role="status">{booked}</p>
        <Button variant="outline" onClick={again}>
          <Trans>Book another consultation</Trans>
        </Button>
      </div>
    );
  }

  const sending = book.isPending;
  const goals = CONSULTATION_GOALS.map((goal) => ({
    value: goal.value,
    label: i18n._(GOAL_LABELS[goal.value]),
  }));
  const levels = EXPERIENCE_LEVELS.map((level) => ({
    value: level.value,
    label: i18n._(LEVEL_LABELS[level.value]),
  }));
  return (
    <form
      className={styles.card}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Consultation booking`}
    >
      <div className={styles.row}>
        <TextField label={t`Name`} autoComplete="name" disabled={sending} {...form.field('name')} />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t`Phone number`}
          type="tel"
          autoComplete="tel"
          disabled={sending}
          {...form.field('phone')}
        />
        <SelectField
          label={t`Your goal`}
          placeholder={t`Choose a goal`}
          options={goals}
          disabled={sending}
          {...form.field('goal')}
        />
      </div>
      <SelectField
        label={t`Training experience`}
        placeholder={t`Choose your level`}
        options={levels}
        disabled={sending}
        {...form.field('experienceLevel')}
      />
      <div className={styles.row}>
        <TextField
          label={t`Preferred date`}
          type="date"
          min={tomorrow()}
          disabled={sending}
          {...form.field('preferredDate')}
        />
        <TextField
          label={t`Preferred time (Eastern)`}
          type="time"
          min={CONSULTATION_HOURS.opens}
          max={CONSULTATION_HOURS.closes}
          step={900}
          disabled={sending}
          {...form.field('preferredTime')}
        />
      </div>
      <TextField
        label={t`Anything we should know? (optional)`}
        multiline
        rows={4}
        disabled={sending}
        {...form.field('message')}
      />
      <FormFailure message={failure} />
      <Button type="submit" loading={sending} className={styles.submit}>
        {sending ? <Trans>Booking…</Trans> : <Trans>Book consultation</Trans>}
      </Button>
    </form>
  );
}
