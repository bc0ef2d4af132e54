CREATE TABLE "payment_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"stripe_customer_id" varchar(255) NOT NULL,
	"livemode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"livemode" boolean NOT NULL,
	"product_id" varchar(255) NOT NULL,
	"recurring_price_id" varchar(255) NOT NULL,
	"recurring_amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'jpy' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"stripe_subscription_id" varchar(255) NOT NULL,
	"payment_type" varchar(16) NOT NULL,
	"status" varchar(32) NOT NULL,
	"product_id" varchar(255) NOT NULL,
	"recurring_price_id" varchar(255) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancellation_reason" varchar(64),
	"request_key" varchar(255),
	"livemode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"service_code" varchar(16),
	"stripe_invoice_id" varchar(255) NOT NULL,
	"stripe_subscription_id" varchar(255),
	"order_id" varchar(64),
	"amount" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"transaction_status" varchar(16) NOT NULL,
	"transaction_type" varchar(32) NOT NULL,
	"paynow_status" varchar(32),
	"payment_type" varchar(16) NOT NULL,
	"masked_card_number" varchar(32),
	"settlement_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"failure_code" varchar(64),
	"receipt_url" varchar(1000),
	"invoice_pdf_url" varchar(1000),
	"livemode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"stripe_event_id" varchar(255) NOT NULL,
	"type" varchar(64) NOT NULL,
	"object_id" varchar(255),
	"livemode" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD CONSTRAINT "payment_subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD CONSTRAINT "payment_subscriptions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_account_mode_uq" ON "payment_customers" USING btree ("line_account_id","livemode");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_stripe_uq" ON "payment_customers" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "payment_customers_client_idx" ON "payment_customers" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_prices_service_mode_uq" ON "payment_prices" USING btree ("service_code","livemode");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_subscriptions_stripe_uq" ON "payment_subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "payment_subscriptions_account_idx" ON "payment_subscriptions" USING btree ("line_account_id","service_code");--> statement-breakpoint
CREATE INDEX "payment_subscriptions_client_idx" ON "payment_subscriptions" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_invoice_uq" ON "payment_transactions" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_account_idx" ON "payment_transactions" USING btree ("line_account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("transaction_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event_uq" ON "payment_webhook_events" USING btree ("stripe_event_id");