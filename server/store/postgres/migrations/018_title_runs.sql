-- Reading a title as a run (issue #36): what the MARC record says beyond the columns (JSON, contract/runs.ts
-- TitleDetails), and the indexes that find a day's issues across titles and a month and day across years.
ALTER TABLE titles ADD COLUMN details TEXT;
CREATE INDEX issues_date ON issues(date_issued);
CREATE INDEX issues_month_day ON issues((substr(date_issued, 6, 5)));
