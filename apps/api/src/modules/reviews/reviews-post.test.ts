import {
  adminMessages,
  directionControlMessage,
  RATING_CHOICES,
  REVIEW_MAX_LENGTH,
  validation,
  type AdminReview,
  type Review,
} from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, insertReview, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { count } from '../../test/count';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let alice: Customer;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [alice, admin] = await Promise.all([signUpCustomer(app, 'reviewer'), signUpAdmin(app, 'reviews-admin')]);
});

afterAll(async () => {
  await app?.close();
});

const postReview = (credential: Credential, body: unknown) => call(app, credential, { method: 'POST', url: '/api/reviews', payload: body as object });
const setHidden = (id: string, body: unknown, credential: Credential = byToken(admin)) =>
  call(app, credential, { method: 'PUT', url: `/api/admin/review/${id}/visibility`, payload: body as object });

async function publicReviews(): Promise<Review[]> {
  const response = await app.inject({ method: 'GET', url: '/api/reviews' });
  expectReply(response, 200);
  return response.json();
}

async function adminReviews(): Promise<AdminReview[]> {
  const response = await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/reviews' });
  expectReply(response, 200);
  return response.json();
}

async function newestRow() {
  return app.db.selectFrom('reviews').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
}

describe('POST /api/reviews', () => {
  it('adds the review with the session’s e-mail and name, even when the body names someone else, and lists it first', async () => {
    const response = await postReview(byCookie(alice), {
      description: 'Quick delivery, parts as described.',
      ratings: '4.5',
      email: 'someone-else@example.com',
      name: 'Someone Else',
    });

    expectReply(response, 200);
    expect(response.json()).toEqual({ acknowledged: true });
    const row = await newestRow();
    expect(row).toMatchObject({
      email: alice.email,
      name: alice.name,
      description: 'Quick delivery, parts as described.',
      rating: '4.5',
      hidden_at: null,
    });
    expect((await publicReviews())[0]).toEqual({
      _id: row.id,
      name: alice.name,
      description: 'Quick delivery, parts as described.',
      ratings: '4.5',
    });
  });

  it('takes the access token as well as the cookie', async () => {
    expectReply(await postReview(byToken(alice), { description: 'By token.', ratings: '3' }), 200);

    expect(await newestRow()).toMatchObject({ email: alice.email, description: 'By token.' });
  });

  it('takes a review without a rating and sends its rating as null', async () => {
    expectReply(await postReview(byCookie(alice), { description: 'No stars from me.' }), 200);

    expect((await publicReviews())[0]).toMatchObject({ description: 'No stars from me.', ratings: null });
  });

  it.each(RATING_CHOICES)('takes the rating %s', async (rating) => {
    expectReply(await postReview(byToken(alice), { description: `Rated ${rating}.`, ratings: rating }), 200);

    expect(await newestRow()).toMatchObject({ description: `Rated ${rating}.`, rating });
  });

  it.each([
    ['0', '0'],
    ['1.5', '1.5'],
    ['5.5', '5.5'],
    ['6', '6'],
    ['"five"', 'five'],
    ['an empty string', ''],
    ['05', '05'],
    ['the number 5', 5],
    ['null', null],
  ])('refuses the rating %s with 400 and stores nothing', async (_label, ratings) => {
    const before = await count(app.db, 'reviews');

    expectInvalid(await postReview(byToken(alice), { description: 'Rated oddly.', ratings }), 'Choose a rating from the list');
    expect(await count(app.db, 'reviews')).toBe(before);
  });

  it.each([
    ['missing', {}],
    ['empty', { description: '' }],
    ['blank', { description: ' \n\t ' }],
    ['not text', { description: 42 }],
    // Regression (was a bug): trim() keeps these, and the carousel showed the name over nothing.
    ['invisible', { description: '\u200b\u200b \u2060' }],
  ])('answers 400 "Description is Required" to a %s description and stores nothing', async (_label, body) => {
    const before = await count(app.db, 'reviews');

    expectInvalid(await postReview(byToken(alice), { ratings: '5', ...body }), validation.descriptionRequired);
    expect(await count(app.db, 'reviews')).toBe(before);
  });

  it('answers 400 to a description with a text-direction control and stores nothing; one with the marks right-to-left writing uses is taken', async () => {
    const before = await count(app.db, 'reviews');

    expectInvalid(await postReview(byToken(alice), { ratings: '5', description: 'Great pads \u202E!tsrow eht' }), directionControlMessage('Description'));
    expect(await count(app.db, 'reviews')).toBe(before);
    expectReply(await postReview(byToken(alice), { ratings: '5', description: 'רפידות טובות\u200F 5/5\u200E' }), 200);
  });

  it(`takes a description of ${REVIEW_MAX_LENGTH} characters, trimmed, and refuses one more`, async () => {
    const longest = 'a'.repeat(REVIEW_MAX_LENGTH);
    expectReply(await postReview(byToken(alice), { description: `  ${longest}  ` }), 200);
    expect((await newestRow()).description).toBe(longest);
    const before = await count(app.db, 'reviews');

    expectInvalid(await postReview(byToken(alice), { description: `${longest}a` }), `Description must be at most ${REVIEW_MAX_LENGTH} characters`);
    expect(await count(app.db, 'reviews')).toBe(before);
  });

  it('stores markup as text, to be shown as text', async () => {
    const description = '<script>alert(1)</script> <img src=x onerror=alert(1)>';

    expectReply(await postReview(byToken(alice), { description }), 200);

    expect((await publicReviews())[0]?.description).toBe(description);
  });

  it('answers 401 to a signed-out caller and to a bad token, and stores nothing', async () => {
    const before = await count(app.db, 'reviews');

    expectReply(await postReview(anonymous, { description: 'Anonymous.', ratings: '1' }), 401);
    expectReply(await postReview({ token: 'garbage' }, { description: 'Anonymous.', ratings: '1' }), 401);
    expect(await count(app.db, 'reviews')).toBe(before);
  });
});

describe('GET /api/admin/reviews', () => {
  it('lists every review, hidden ones too, newest first, with the author’s e-mail, hidden and createdAt', async () => {
    const hiddenId = await insertReview(app, { hidden: true, description: 'Spam, hidden.' });
    expectReply(await postReview(byToken(alice), { description: 'Newest of all.', ratings: '5' }), 200);

    const reviews = await adminReviews();

    expect(reviews).toHaveLength(await count(app.db, 'reviews'));
    expect(reviews[0]).toEqual({
      _id: expect.any(String),
      name: alice.name,
      email: alice.email,
      description: 'Newest of all.',
      ratings: '5',
      hidden: false,
      createdAt: expect.any(String),
    });
    expect(reviews[1]).toMatchObject({ _id: hiddenId, hidden: true, email: 'reviewer@example.com' });
    const times = reviews.map((review) => Date.parse(review.createdAt));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('PUT /api/admin/review/{id}/visibility', () => {
  it('hides a review from GET /reviews, keeps it in the database and in the admin list, and shows it again', async () => {
    const id = await insertReview(app, { description: 'Hide me.' });
    const shownAt = (await publicReviews()).findIndex((review) => review._id === id);
    expect(shownAt).toBeGreaterThanOrEqual(0);

    const hidden = await setHidden(id, { hidden: true });

    expectReply(hidden, 200);
    expect(hidden.json()).toEqual({ acknowledged: true });
    expect((await publicReviews()).map((review) => review._id)).not.toContain(id);
    const row = await app.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'Hide me.', hidden_at: expect.any(Date) });
    expect((await adminReviews()).find((review) => review._id === id)).toMatchObject({ hidden: true, description: 'Hide me.' });

    expectReply(await setHidden(id, { hidden: false }, byCookie(admin)), 200);

    expect((await publicReviews()).findIndex((review) => review._id === id)).toBe(shownAt);
    expect((await adminReviews()).find((review) => review._id === id)).toMatchObject({ hidden: false });
  });

  it('answers 200 to hiding a hidden review, and it stays hidden', async () => {
    const id = await insertReview(app, { hidden: true });

    expectReply(await setHidden(id, { hidden: true }), 200);

    expect((await publicReviews()).map((review) => review._id)).not.toContain(id);
  });

  it.each([
    ['a well-formed id that names no review', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1' or '1'='1"],
    ['an over-long id', 'x'.repeat(300)],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await setHidden(encodeURIComponent(id), { hidden: true });

    expect(response.statusCode, response.body).toBe(404);
    expect((response.json() as { message: string }).message).toMatch(/not found/i);
  });

  it('answers 404 with its message for an id that names no review', async () => {
    expectReply(await setHidden('00000000-0000-4000-8000-000000000000', { hidden: false }), 404, adminMessages.reviewNotFound);
  });

  it.each([
    ['no hidden', {}],
    ['hidden as text', { hidden: 'true' }],
    ['hidden as a number', { hidden: 1 }],
  ])('answers 400 to a body with %s and changes nothing', async (_label, body) => {
    const id = await insertReview(app);

    expectReply(await setHidden(id, body), 400);

    expect((await publicReviews()).map((review) => review._id)).toContain(id);
  });
});
