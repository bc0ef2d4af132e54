import { eq } from 'drizzle-orm';
import { hashPassword } from '../platform/crypto.ts';
import { inTransaction, type Db } from './client.ts';
import { agencies, clientActivePeriods, clients, contactPersons, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'Demo-pass1';

const demoUsers = [
  {
    label: 'Master',
    email: 'master@demo.example',
    role: 'MASTER',
    position: 'OWNER',
    lastName: '運営',
    firstName: '太郎',
  },
  {
    label: 'Master manager',
    email: 'master-manager@demo.example',
    role: 'MASTER',
    position: 'MANAGER',
    lastName: '運営',
    firstName: '美香',
  },
  {
    label: 'Master staff',
    email: 'master-staff@demo.example',
    role: 'MASTER',
    position: 'STAFF',
    lastName: '運営',
    firstName: '健太',
  },
  {
    label: 'Agency',
    email: 'agency@demo.example',
    role: 'AGENCY',
    position: 'OWNER',
    lastName: '代理',
    firstName: '花子',
  },
  {
    label: 'Agency manager',
    email: 'agency-manager@demo.example',
    role: 'AGENCY',
    position: 'MANAGER',
    lastName: '代理',
    firstName: '誠',
  },
  {
    label: 'Agency staff',
    email: 'agency-staff@demo.example',
    role: 'AGENCY',
    position: 'STAFF',
    lastName: '代理',
    firstName: 'さやか',
  },
  {
    label: 'Client owner',
    email: 'owner@demo.example',
    role: 'CLIENT',
    position: 'OWNER',
    lastName: '山田',
    firstName: '一郎',
  },
  {
    label: 'Client manager',
    email: 'manager@demo.example',
    role: 'CLIENT',
    position: 'MANAGER',
    lastName: '佐藤',
    firstName: '次郎',
  },
  {
    label: 'Client staff',
    email: 'staff@demo.example',
    role: 'CLIENT',
    position: 'STAFF',
    lastName: '鈴木',
    firstName: '三郎',
  },
] as const;

export type SeedResult = { password: string; users: { label: string; email: string }[] };

/**
 * What the demo may do with a database: write itself into an empty one, find itself in one it wrote
 * (a restart), and never touch one that holds anything else: a tenant or a user not of the demo.
 */
export async function demoStateOf(db: Db): Promise<'empty' | 'demo' | 'foreign'> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUsers[0].email))
    .limit(1);
  if (demo) return 'demo';
  const [taken] = await Promise.all(
    [users, agencies, clients].map((table) => db.select({ id: table.id }).from(table).limit(1)),
  ).then((found) => found.filter((rows) => rows.length > 0));
  return taken ? 'foreign' : 'empty';
}

/** Demo data for `npm start`, written once: a second start finds it and changes nothing. */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  const result = { password: DEMO_PASSWORD, users: demoUsers.map(({ label, email }) => ({ label, email })) };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUsers[0].email))
    .limit(1);
  if (existing) return result;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(db, async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: 'デモ代理店株式会社',
        postalCode: '150-0002',
        prefecture: '東京都',
        city: '渋谷区',
        addressOther: '渋谷2-21-1',
        marginRate: '15.00',
      })
      .returning();
    const [client] = await tx
      .insert(clients)
      .values({
        agencyId: agency!.id,
        companyName: 'デモ商店株式会社',
        companyNameKana: 'デモショウテンカブシキガイシャ',
        contractStatus: 'ACTIVE',
        contractStartDate: '2026-04-01',
        postalCode: '530-0001',
        prefecture: '大阪府',
        city: '大阪市北区',
        addressOther: '梅田1-1-3',
        monthlyFee: 12800,
        paymentStatus: 'ACTIVE',
      })
      .returning();
    // Active since its contract start, so the demo agency sees commission by month.
    await tx.insert(clientActivePeriods).values({ clientId: client!.id, startDate: '2026-04-01' });
    await tx.insert(contactPersons).values({
      clientId: client!.id,
      lastName: '山田',
      firstName: '一郎',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'イチロウ',
      email: 'owner@demo.example',
      phoneNumber: '06-1234-5678',
    });
    // A second client of the demo agency, waiting for the master's approval (the approval flow has a case).
    const [second] = await tx
      .insert(clients)
      .values({
        agencyId: agency!.id,
        companyName: 'サンプル食堂合同会社',
        companyNameKana: 'サンプルショクドウゴウドウガイシャ',
        contractStatus: 'PENDING_APPROVAL',
        contractStartDate: '2026-10-01',
        postalCode: '460-0008',
        prefecture: '愛知県',
        city: '名古屋市中区',
        addressOther: '栄3-5-1',
        monthlyFee: 9800,
        paymentStatus: 'PENDING',
      })
      .returning();
    await tx.insert(contactPersons).values({
      clientId: second!.id,
      lastName: '中村',
      firstName: '優子',
      lastNameKana: 'ナカムラ',
      firstNameKana: 'ユウコ',
      email: 'sample-shokudo@demo.example',
      phoneNumber: '052-123-4567',
    });
    const now = new Date();
    await tx.insert(users).values(
      demoUsers.map((u) => ({
        email: u.email,
        passwordHash,
        role: u.role,
        position: u.position,
        lastName: u.lastName,
        firstName: u.firstName,
        clientId: u.role === 'CLIENT' ? client!.id : null,
        agencyId: u.role === 'AGENCY' ? agency!.id : null,
        masterId: u.role === 'MASTER' ? 1 : null,
        emailVerifiedAt: now,
      })),
    );
  });
  return result;
}
