/** The admin that e2e/seed-admin.ts creates before the shop starts. */
export const e2eAdmin = {
  name: 'Shop Admin',
  email: 'admin@e2e.example.com',
  password: 'admin-secret-e2e',
} as const;
