CREATE TABLE "pay_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_name" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"answered_on" date,
	"note" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_requests_due_after_received" CHECK ("pay_requests"."due_on" > "pay_requests"."received_on"),
	CONSTRAINT "pay_requests_answered_after_received" CHECK ("pay_requests"."answered_on" >= "pay_requests"."received_on"),
	CONSTRAINT "pay_requests_note_length" CHECK (length("pay_requests"."note") <= 1000)
);
--> statement-breakpoint
CREATE INDEX "pay_requests_employee_idx" ON "pay_requests" USING btree ("employee_id");