import type { Page } from 'playwright-core';

/** Fills the consultancy booking form with a valid booking a week from today, at `time`. */
export async function fillConsultationBooking(page: Page, time: string) {
  const inAWeek = await page.evaluate(() => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
      new Date(),
    );
    const at = new Date(`${today}T00:00:00Z`);
    at.setUTCDate(at.getUTCDate() + 7);
    return at.toISOString().slice(0, 10);
  });
  await page.getByLabel('Name', { exact: true }).fill('Sam Patel');
  await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
  await page.getByLabel('Phone number').fill('416 555 0199');
  await page.getByLabel('Your goal').selectOption('build-muscle');
  await page.getByLabel('Training experience').selectOption('beginner');
  await page.getByLabel('Preferred date').fill(inAWeek);
  await page.getByLabel('Preferred time (Eastern)').fill(time);
}
