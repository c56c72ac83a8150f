import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The demo's market, made the way people make it: through the app's own API (app.inject), so every
 * listing is validated, documented, paid for in the sandbox and published by the demo admin, with
 * the audit entries, payments and notifications that go with it; the active demo funder holds a
 * paid sandbox subscription the admin approved, which renews like any other; and that funder has
 * two deal rooms with the demo developer, one in due diligence with a document asked for, one whose
 * quote the developer accepted (term sheet), so a newcomer can walk into a room at once.
 */

interface DemoListing {
  title: string;
  description: string;
  location: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  property_type: string;
  development_stage: string;
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  total_project_cost: number;
  equity_contribution: number;
  land_value: number;
  construction_cost: number;
  expected_gdc: number;
  expected_profit: number;
  project_size_sqm: number;
  number_of_units: number;
}

const demoListings: DemoListing[] = [
  {
    title: 'Eastwood Terraces',
    description: 'Fourteen three-bedroom terraces on a consolidated site, 400 m from Eastwood station.',
    location: '18 Rowe Street, Eastwood NSW 2122',
    suburb: 'Eastwood',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2122',
    property_type: 'Residential',
    development_stage: 'Pre-Construction',
    loan_amount: 6_800_000,
    interest_rate: 9.25,
    loan_term: 20,
    total_project_cost: 10_400_000,
    equity_contribution: 2_600_000,
    land_value: 4_100_000,
    construction_cost: 5_600_000,
    expected_gdc: 13_300_000,
    expected_profit: 2_300_000,
    project_size_sqm: 2_240,
    number_of_units: 14,
  },
  {
    title: 'Brunswick Makers Yard',
    description: 'Six strata warehouse units with mezzanine offices for small manufacturers.',
    location: '44 Hope Street, Brunswick VIC 3056',
    suburb: 'Brunswick',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3056',
    property_type: 'Industrial',
    development_stage: 'Planning',
    loan_amount: 3_200_000,
    interest_rate: 10.5,
    loan_term: 15,
    total_project_cost: 5_100_000,
    equity_contribution: 1_500_000,
    land_value: 2_300_000,
    construction_cost: 2_400_000,
    expected_gdc: 6_200_000,
    expected_profit: 900_000,
    project_size_sqm: 1_650,
    number_of_units: 6,
  },
  {
    title: 'Nundah Village Shops',
    description: 'Ground-floor retail with twelve apartments above, on the main street of Nundah.',
    location: '1210 Sandgate Road, Nundah QLD 4012',
    suburb: 'Nundah',
    city: 'Brisbane',
    state: 'QLD',
    postcode: '4012',
    property_type: 'Mixed Use',
    development_stage: 'Construction',
    loan_amount: 9_500_000,
    interest_rate: 9.75,
    loan_term: 24,
    total_project_cost: 14_800_000,
    equity_contribution: 3_900_000,
    land_value: 4_600_000,
    construction_cost: 8_900_000,
    expected_gdc: 18_900_000,
    expected_profit: 3_100_000,
    project_size_sqm: 3_100,
    number_of_units: 12,
  },
];

/** A one-page PDF: real enough to be stamped with a funder's name when they open it (decision 034). */
const demoPdf = (label: string) =>
  Buffer.from(
    `%PDF-1.7\n% Plinth demo document: ${label}\n` +
      '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

export interface DemoPeople {
  admin: { email: string; password: string };
  developer: { email: string; password: string };
  funder: { email: string; password: string };
}

export async function seedDemoMarket(app: FastifyInstance, people: DemoPeople) {
  const origin = app.deps.config.BASE_URL;
  const signIn = async (who: { email: string; password: string }) => {
    const { headers } = await app.deps.auth.api.signInEmail({ body: who, returnHeaders: true });
    return headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const call = async (cookie: string, options: InjectOptions & { url: string }, expected = 200) => {
    const res = await app.inject({ ...options, headers: { origin, cookie, ...options.headers } });
    if (res.statusCode !== expected) {
      throw new Error(`demo seed: ${options.method} ${options.url} answered ${res.statusCode}: ${res.body}`);
    }
    return res.json();
  };
  const [admin, developer, funder] = await Promise.all([
    signIn(people.admin),
    signIn(people.developer),
    signIn(people.funder),
  ]);

  const { required_documents: required } = (await call(developer, {
    method: 'GET',
    url: '/api/required-documents',
  })) as { required_documents: string[] };

  const me = await call(funder, { method: 'GET', url: '/api/auth/me' });
  await call(funder, {
    method: 'POST',
    url: '/api/payments/create-subscription',
    payload: { payment_method_id: 'pm_card_visa' },
  });
  await call(admin, { method: 'POST', url: `/api/admin/approve-subscription/${me.id}`, payload: {} });
  // Their lending criteria, saved before the listings go live: the listings they meet reach the
  // funder as alerts once the job workers start (issue 22).
  await call(funder, {
    method: 'PUT',
    url: '/api/funder-criteria',
    payload: { property_types: ['Residential', 'Mixed Use'], min_loan: 1_000_000, max_loan: 20_000_000 },
  });

  const projectIds = new Map<string, string>();
  for (const listing of demoListings) {
    const project = await call(developer, { method: 'POST', url: '/api/projects', payload: listing }, 201);
    projectIds.set(listing.title, project.id);
    const form = new FormData();
    for (const type of required) {
      form.append('documents', new Blob([demoPdf(`${listing.title}: ${type}`)]), `${type}.pdf`);
    }
    form.append('document_types', JSON.stringify(required));
    const encoded = new Response(form);
    await call(developer, {
      method: 'POST',
      url: `/api/projects/${project.id}/documents`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    const intent = await call(developer, {
      method: 'POST',
      url: '/api/payments/create-project-payment',
      payload: { project_id: project.id },
    });
    await call(developer, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: {
        payment_intent_id: intent.payment_intent_id,
        client_secret: intent.client_secret,
        card_number: '4242424242424242',
      },
    });
    await call(admin, { method: 'POST', url: `/api/admin/approve-project/${project.id}`, payload: {} });
  }

  // Deal rooms: the funder asks for access, the developer grants it, the funder engages.
  const openDealRoom = async (title: string, introduction: string) => {
    const projectId = projectIds.get(title)!;
    const request = await call(
      funder,
      {
        method: 'POST',
        url: '/api/access-requests',
        payload: {
          project_id: projectId,
          initial_message: introduction,
          undertaking: { accepted: true, full_name: me.name },
        },
      },
      201,
    );
    await call(developer, { method: 'PUT', url: `/api/access-requests/${request.id}/approve` });
    const deal = await call(
      funder,
      {
        method: 'POST',
        url: '/api/deals',
        payload: { project_id: projectId, access_request_id: request.id },
      },
      201,
    );
    return deal.deal_id as string;
  };

  // In due diligence: the funder has asked for a document the developer has yet to upload.
  const dueDiligence = await openDealRoom(
    'Eastwood Terraces',
    'We lend on medium-density residential near Sydney rail; could we see the feasibility?',
  );
  await call(
    funder,
    {
      method: 'POST',
      url: `/api/deals/${dueDiligence}/document-requests`,
      payload: {
        document_name: 'Signed fixed-price construction contract',
        description: 'With the builder’s payment schedule and the retention terms.',
      },
    },
    201,
  );

  // Term sheet: a first quote declined with a reason, a second one accepted.
  const accepted = await openDealRoom(
    'Brunswick Makers Yard',
    'Strata industrial in the inner north is a good fit for our book.',
  );
  const quote = (interestRate: number) =>
    call(
      funder,
      {
        method: 'POST',
        url: `/api/deals/${accepted}/proposals`,
        payload: {
          loan_amount: 3_000_000,
          interest_rate: interestRate,
          loan_term: 15,
          establishment_fee: 30_000,
          other_fees: 'Line fee 0.5% p.a. on the undrawn balance',
          conditions: 'First mortgage over the site; QS sign-off on each progress draw.',
        },
      },
      201,
    );
  const first = await quote(10.75);
  await call(developer, {
    method: 'PUT',
    url: `/api/proposals/${first.id}/respond`,
    payload: { response: 'decline', reason: 'Above what the feasibility carries; we need under 10.5%.' },
  });
  const second = await quote(10.25);
  await call(developer, {
    method: 'PUT',
    url: `/api/proposals/${second.id}/respond`,
    payload: { response: 'accept' },
  });
}
