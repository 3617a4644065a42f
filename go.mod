module grognard

go 1.26
