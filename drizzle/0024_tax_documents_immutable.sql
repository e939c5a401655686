-- An issued tax invoice or credit note is never changed (docs/decisions/0051-tax-invoices.md): nothing
-- rewrites or deletes a row; a correction is a new credit note.
CREATE FUNCTION tax_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed once issued', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER tax_invoices_no_change BEFORE UPDATE OR DELETE ON "tax_invoices" FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_credit_notes_no_change BEFORE UPDATE OR DELETE ON "tax_credit_notes" FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();
