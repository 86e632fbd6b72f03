import type pg from 'pg';

/**
 * Seeds the benchmark's vehicles straight in SQL (INSERT ... SELECT over generate_series): domains, their
 * headquarters and users first, then the vehicles in one statement with the table's secondary indexes dropped
 * and rebuilt afterwards (building an index once is far quicker than keeping it up to date row by row), then
 * VACUUM ANALYZE. The data is synthetic but shaped like a Japanese dealer's stock: makers and their models with
 * their chassis codes, colours, registration years, mileage, prices, publication states and media flags.
 * `random()` runs after `setseed`, so two seeds of the same size hold the same vehicles.
 */

export interface SeedPlan {
  vehicles: number;
  domains: number;
  /** Vehicles of the largest domain (the one measured). */
  largest: number;
  /** Users owning the largest domain's vehicles (admins and normal users under them). */
  largestOwners: number;
  /** Owners in every other domain. */
  otherOwners: number;
}

export const FULL_PLAN: SeedPlan = {
  vehicles: 1_000_000,
  domains: 1_000,
  largest: 100_000,
  largestOwners: 50,
  otherOwners: 5,
};

/** A smaller plan with the same proportions (BENCH_SCALE=0.01 gives 10,000 vehicles over 10 domains). */
export function scaledPlan(scale: number): SeedPlan {
  if (scale >= 1) return FULL_PLAN;
  const domains = Math.max(2, Math.round(FULL_PLAN.domains * scale));
  return {
    ...FULL_PLAN,
    vehicles: Math.round(FULL_PLAN.vehicles * scale),
    domains,
    largest: Math.round(FULL_PLAN.largest * scale),
  };
}

/** Makers and some of their models, each with the chassis (frame) code its numbers start with. */
const MODELS: readonly (readonly [maker: string, model: string, chassis: string])[] = [
  ['トヨタ', 'プリウス', 'ZVW30'],
  ['トヨタ', 'アクア', 'NHP10'],
  ['トヨタ', 'カローラ', 'ZRE212'],
  ['トヨタ', 'アルファード', 'AGH30W'],
  ['トヨタ', 'ヴォクシー', 'ZRR80W'],
  ['トヨタ', 'ハイエース', 'TRH200V'],
  ['トヨタ', 'ランドクルーザー', 'URJ202W'],
  ['トヨタ', 'クラウン', 'AZSH20'],
  ['日産', 'ノート', 'E12'],
  ['日産', 'セレナ', 'GFC27'],
  ['日産', 'エクストレイル', 'T32'],
  ['日産', 'リーフ', 'ZE1'],
  ['日産', 'スカイライン', 'RV37'],
  ['ホンダ', 'フィット', 'GK3'],
  ['ホンダ', 'N-BOX', 'JF3'],
  ['ホンダ', 'ヴェゼル', 'RU1'],
  ['ホンダ', 'ステップワゴン', 'RP3'],
  ['ホンダ', 'シビック', 'FK7'],
  ['マツダ', 'デミオ', 'DJ5FS'],
  ['マツダ', 'CX-5', 'KF2P'],
  ['マツダ', 'ロードスター', 'ND5RC'],
  ['スバル', 'インプレッサ', 'GT7'],
  ['スバル', 'フォレスター', 'SK9'],
  ['スバル', 'レヴォーグ', 'VM4'],
  ['スズキ', 'ワゴンR', 'MH55S'],
  ['スズキ', 'ジムニー', 'JB64W'],
  ['スズキ', 'スイフト', 'ZC33S'],
  ['ダイハツ', 'タント', 'LA650S'],
  ['ダイハツ', 'ムーヴ', 'LA150S'],
  ['三菱', 'デリカD:5', 'CV1W'],
  ['三菱', 'アウトランダー', 'GN0W'],
  ['レクサス', 'RX', 'AGL20W'],
  ['レクサス', 'NX', 'AAZH20'],
  ['BMW', '3シリーズ', '3F20'],
  ['BMW', 'X3', 'TX20'],
  ['メルセデス・ベンツ', 'Cクラス', '205042'],
  ['メルセデス・ベンツ', 'Eクラス', '213042C'],
  ['フォルクスワーゲン', 'ゴルフ', 'AUCJZ'],
  ['アウディ', 'A4', '8WCVK'],
  ['ポルシェ', '911', '991H1'],
  ['ボルボ', 'XC60', 'UB420TXCM'],
  ['ヤマハ', 'MT-09', 'RN69J'],
  ['カワサキ', 'Ninja 400', 'EX400G'],
];

const COLOURS = [
  'パールホワイト',
  'ホワイト',
  'ブラック',
  'シルバー',
  'グレー',
  'レッド',
  'ブルー',
  'ダークブルー',
  'ブラウン',
  'ベージュ',
  'グリーン',
  'イエロー',
];
const FAMILY_NAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田'];
const GIVEN_NAMES = ['翔太', '陽菜', '大輔', '美咲', '健太', '結衣', '拓也', '愛', '直樹', '彩'];

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(',')}]::text[]`;

export type Progress = (message: string) => void;

async function timed<T>(progress: Progress, label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  progress(`${label}...`);
  const result = await work();
  progress(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export interface Seeded {
  /** The largest domain and its super user, who is measured. */
  domainId: string;
  superUserId: string;
  /** A normal user owning some of its vehicles (the owner filter). */
  ownerUserId: string;
}

/**
 * Seeds `plan` into an empty, migrated database. `client` must be a superuser connection (the seed skips foreign
 * key triggers for the bulk insert: every key it writes comes from the rows it has just made).
 */
export async function seed(client: pg.Client, plan: SeedPlan, progress: Progress): Promise<Seeded> {
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  await q("SET maintenance_work_mem = '512MB'");
  await q('SET max_parallel_maintenance_workers = 2');
  await q('SELECT setseed(0.42)');

  await timed(progress, `${plan.domains} domains with their headquarters`, async () => {
    await q(
      `INSERT INTO domains (host, company_code, service_name, options)
       SELECT 'bench-' || g || '.example.test', '0008', 'ベンチ自動車 ' || g,
              '{"is_user_add": true, "user_registration_limit": 1000}'::jsonb
       FROM generate_series(1, $1::int) g`,
      [plan.domains],
    );
    await q(`CREATE TEMP TABLE bench_domain AS
             SELECT row_number() OVER (ORDER BY id)::int AS idx, id AS domain_id FROM domains
             WHERE host LIKE 'bench-%.example.test'`);
    await q(`INSERT INTO companies (domain_id, name, kind)
             SELECT domain_id, 'ベンチ自動車 ' || idx || ' 本社', 'headquarters' FROM bench_domain`);
    await q(`ALTER TABLE bench_domain ADD COLUMN company_id bigint`);
    await q(`UPDATE bench_domain b SET company_id = c.id FROM companies c WHERE c.domain_id = b.domain_id`);
  });

  await timed(progress, 'users: a super user per domain, admins and normal users owning the vehicles', async () => {
    const names = `(${sqlArray(FAMILY_NAMES)})[1 + (g + idx) % ${FAMILY_NAMES.length}] || ' ' ||
                   (${sqlArray(GIVEN_NAMES)})[1 + (g * 7 + idx) % ${GIVEN_NAMES.length}]`;
    await q(`INSERT INTO users (domain_id, company_id, email, password_hash, name, privilege_type, status, activated_at)
             SELECT domain_id, company_id, 'super-' || idx || '@bench.example.test', 'x', '管理者 ' || idx, 'super',
                    'active', now()
             FROM bench_domain`);
    // Owners: one admin in five, the normal users under the admin before them.
    await q(
      `INSERT INTO users (domain_id, company_id, email, password_hash, name, privilege_type, status, activated_at)
       SELECT domain_id, company_id, 'owner-' || idx || '-' || g || '@bench.example.test', 'x', ${names},
              CASE WHEN g % 5 = 1 THEN 'admin' ELSE 'normal' END, 'active', now()
       FROM bench_domain, generate_series(1, CASE WHEN idx = 1 THEN $1::int ELSE $2::int END) g`,
      [plan.largestOwners, plan.otherOwners],
    );
    // owner-I-G's admin is owner-I-A, A the first number of G's five.
    await q(`UPDATE users n SET parent_user_id = a.id
             FROM users a
             WHERE n.email LIKE 'owner-%' AND n.privilege_type = 'normal' AND a.domain_id = n.domain_id
               AND a.email = 'owner-' || split_part(n.email, '-', 2) || '-'
                 || ((split_part(split_part(n.email, '@', 1), '-', 3)::int - 1) / 5 * 5 + 1) || '@bench.example.test'`);
    await q(`CREATE TEMP TABLE bench_owner AS
             SELECT b.idx, (row_number() OVER (PARTITION BY b.idx ORDER BY u.id) - 1)::int AS k, u.id AS user_id
             FROM bench_domain b JOIN users u ON u.domain_id = b.domain_id AND u.email LIKE 'owner-%'`);
    await q('CREATE INDEX ON bench_owner (idx, k)');
    await q('ANALYZE bench_owner');
  });

  const indexes = await q(`SELECT indexname, indexdef FROM pg_indexes
                           WHERE schemaname = 'public' AND tablename = 'contents' AND indexname <> 'contents_pkey'`);
  await timed(progress, `dropping ${indexes.rowCount} secondary indexes of contents for the bulk insert`, async () => {
    for (const row of indexes.rows as { indexname: string }[])
      await q(`DROP INDEX ${client.escapeIdentifier(row.indexname)}`);
  });

  const others = plan.domains - 1;
  const models = MODELS.length;
  // The largest domain takes the first `largest` numbers; the rest go round the other domains.
  const domainOf = `CASE WHEN g <= ${plan.largest} THEN 1 ELSE 2 + (g - ${plan.largest} - 1) % ${others} END`;
  const ownersOf = `CASE WHEN g <= ${plan.largest} THEN ${plan.largestOwners} ELSE ${plan.otherOwners} END`;
  const BATCH = 100_000;
  await q(`SET session_replication_role = replica`);
  for (let from = 1; from <= plan.vehicles; from += BATCH) {
    const to = Math.min(plan.vehicles, from + BATCH - 1);
    await timed(
      progress,
      `vehicles ${from.toLocaleString('en')}-${to.toLocaleString('en')} of ${plan.vehicles.toLocaleString('en')}`,
      () =>
        q(
          `INSERT INTO contents (
           domain_id, company_id, owner_user_id, creator_user_id, management_id, publication, created_at, updated_at,
           deleted_at, slept_at, maker, car_name, body_color, chassis_number, listing_id, first_registration_year,
           first_registration_month, mileage, displacement, repair_history, price_with_tax, total_price_with_tax,
           store, has_exterior, has_interior, has_rider_view, has_category_images, has_web_negotiation, listing_link,
           vr_mode, option_display)
         SELECT d.domain_id, d.company_id, o.user_id, o.user_id,
                'ST' || lpad(s.g::text, 7, '0'),
                s.state, s.created, s.updated,
                CASE WHEN s.state = 'deleted' THEN s.updated END,
                CASE WHEN s.state = 'sleeping' THEN s.updated END,
                (${sqlArray(MODELS.map((m) => m[0]))})[s.m], (${sqlArray(MODELS.map((m) => m[1]))})[s.m],
                (${sqlArray(COLOURS)})[1 + floor(s.r1 * ${COLOURS.length})::int],
                (${sqlArray(MODELS.map((m) => m[2]))})[s.m] || '-' || lpad((floor(s.r2 * 9999999)::bigint + 1)::text, 7, '0'),
                CASE WHEN s.r3 < 0.3 THEN 'CS' || lpad((s.g::bigint * 7919 % 100000000)::text, 8, '0') ELSE '' END,
                2008 + floor(s.r4 * 17)::int, 1 + floor(s.r5 * 12)::int,
                (floor(s.r6 * 150000))::int, (ARRAY[660, 1000, 1300, 1500, 1800, 2000, 2500, 3500])[1 + floor(s.r7 * 8)::int],
                CASE WHEN s.r8 < 0.1 THEN 'yes' WHEN s.r8 < 0.9 THEN 'no' END,
                (50 + floor(s.r9 * 500)::int) * 10000, (55 + floor(s.r9 * 500)::int) * 10000,
                '第' || (1 + s.g % 4) || '展示場',
                s.r10 < 0.7, s.r11 < 0.4, s.r12 < 0.05, s.r13 < 0.5, s.r14 < 0.1,
                CASE WHEN s.r3 < 0.2 THEN 'linked' ELSE 'none' END,
                s.r15 < 0.6, true
         FROM (
           SELECT g, ${domainOf} AS di, (g * 7) % ${ownersOf} AS ok,
                  1 + floor(random() * ${models})::int AS m,
                  CASE WHEN p < 0.50 THEN 'published' WHEN p < 0.53 THEN 'limited_public' WHEN p < 0.83 THEN 'unpublished'
                       WHEN p < 0.90 THEN 'sleeping' ELSE 'deleted' END AS state,
                  created,
                  -- A price revision touched 5 % of the largest domain's stock within the last 28 days, which
                  -- with the vehicles edited anyway makes the month the CSV download is measured on hold about
                  -- 10,000 listed vehicles (deleted and sleeping ones are not listed).
                  CASE WHEN g <= ${plan.largest} AND g % 100 < 5 THEN greatest(created, now() - random() * interval '28 days')
                       ELSE created + random() * least(now() - created, interval '200 days') END AS updated,
                  random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
                  random() r8, random() r9, random() r10, random() r11, random() r12, random() r13, random() r14,
                  random() r15
           FROM (SELECT g, random() AS p, now() - random() * interval '1095 days' AS created
                 FROM generate_series($1::int, $2::int) g) base
         ) s
         JOIN bench_domain d ON d.idx = s.di
         JOIN bench_owner o ON o.idx = s.di AND o.k = s.ok`,
          [from, to],
        ),
    );
  }
  await q(`SET session_replication_role = origin`);

  await timed(progress, 'processes on some vehicles of the largest domain', () =>
    q(`INSERT INTO content_processes (content_id, process, status, progress, started_at, finished_at)
       SELECT id, (ARRAY['blur', 'interior_enhance', 'exterior_async_upload'])[1 + id % 3],
              CASE WHEN id % 50 = 0 THEN 'running' ELSE 'succeeded' END, CASE WHEN id % 50 = 0 THEN 40 ELSE 100 END,
              created_at, CASE WHEN id % 50 = 0 THEN NULL ELSE created_at + interval '5 minutes' END
       FROM contents WHERE domain_id = (SELECT domain_id FROM bench_domain WHERE idx = 1) AND id % 10 = 0`),
  );

  for (const row of indexes.rows as { indexname: string; indexdef: string }[]) {
    await timed(progress, `index ${row.indexname}`, () => q(row.indexdef));
  }
  await timed(progress, 'VACUUM ANALYZE', () => q('VACUUM ANALYZE'));

  const largest = await q(
    `SELECT b.domain_id, s.id AS super_id, o.id AS owner_id
     FROM bench_domain b
     JOIN users s ON s.domain_id = b.domain_id AND s.privilege_type = 'super'
     JOIN users o ON o.domain_id = b.domain_id AND o.privilege_type = 'normal'
     WHERE b.idx = 1 ORDER BY o.id LIMIT 1`,
  );
  const row = largest.rows[0] as { domain_id: string; super_id: string; owner_id: string };
  return { domainId: String(row.domain_id), superUserId: String(row.super_id), ownerUserId: String(row.owner_id) };
}
